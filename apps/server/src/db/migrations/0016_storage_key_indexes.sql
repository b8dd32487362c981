CREATE INDEX "document_files_storage_key_idx" ON "document_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "document_attachments_storage_key_idx" ON "document_attachments" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "link_form_submissions_pdf_storage_key_idx" ON "link_form_submissions" USING btree ("pdf_storage_key");--> statement-breakpoint
CREATE INDEX "document_seals_sealed_storage_key_idx" ON "document_seals" USING btree ("sealed_storage_key");--> statement-breakpoint
CREATE INDEX "document_seals_audit_trail_storage_key_idx" ON "document_seals" USING btree ("audit_trail_storage_key");