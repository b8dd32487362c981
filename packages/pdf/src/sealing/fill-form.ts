import {
  PDFCheckBox,
  type PDFDocument,
  PDFDropdown,
  type PDFField,
  type PDFFont,
  PDFName,
  PDFOptionList,
  PDFRadioGroup,
  PDFTextField,
} from '@cantoo/pdf-lib';
import { drawableText, fitText, fontForText } from './pdf-text.ts';
import { isChecked } from './value-stamps.ts';

/**
 * Writes the parties' values into the PDF's own AcroForm fields and gives every field an appearance, so that
 * flattening shows what was filled. A value is found by the field's own name or by the name of the placed field
 * that adopted it (`aliases`: PDF field name → placed field name). A value a field refuses (an option it does
 * not offer) leaves that field as the PDF had it rather than failing the seal.
 */
export function fillFormFields(
  doc: PDFDocument,
  values: Record<string, string | boolean>,
  aliases: Map<string, string>,
  font: PDFFont,
): void {
  // getForm() would add an empty AcroForm to a document without one.
  if (!doc.catalog.has(PDFName.of('AcroForm'))) return;
  for (const field of doc.getForm().getFields()) {
    const name = field.getName();
    const alias = aliases.get(name);
    const value = values[name] ?? (alias === undefined ? undefined : values[alias]);
    if (value !== undefined) {
      try {
        fillField(field, value, font);
      } catch {
        // Refused value: the field keeps the PDF's own.
      }
    }
    updateAppearance(field, font);
  }
}

function fillField(field: PDFField, value: string | boolean, font: PDFFont): void {
  if (field instanceof PDFTextField) {
    const used = fontForText(font, String(value));
    const text = drawableText(String(value), used);
    const maxLength = field.getMaxLength();
    field.setText(maxLength === undefined ? text : text.slice(0, maxLength));
    fitFontSize(field, used);
  } else if (field instanceof PDFCheckBox) {
    if (isChecked(value)) field.check();
    else field.uncheck();
  } else if (field instanceof PDFRadioGroup) {
    if (value === false || value === '') field.clear();
    else if (field.getOptions().includes(String(value))) field.select(String(value));
  } else if (field instanceof PDFDropdown) {
    const option = drawableText(String(value), fontForText(font, String(value)));
    if (field.getOptions().includes(option) || field.isEditable()) field.select(option);
  } else if (field instanceof PDFOptionList) {
    const option = String(value);
    if (field.getOptions().includes(option)) field.select(option);
  }
}

/**
 * A field's appearance in `font`, or in its Unicode fallback when its value needs one. A value already in the file
 * (not one we wrote) with letters the font lacks is made drawable and tried once more; a field that still fails
 * keeps its old appearance.
 */
function updateAppearance(field: PDFField, textFont: PDFFont): void {
  if (!field.needsAppearancesUpdate()) return;
  const font = fontForText(textFont, shownValueOf(field));
  try {
    field.defaultUpdateAppearances(font);
  } catch {
    if (!(field instanceof PDFTextField)) return;
    try {
      field.setText(drawableText(field.getText() ?? '', font));
      field.defaultUpdateAppearances(font);
    } catch {
      // Rich text or a broken /DA: flattening draws whatever appearance the widget has.
    }
  }
}

function shownValueOf(field: PDFField): string {
  if (field instanceof PDFTextField) return field.getText() ?? '';
  if (field instanceof PDFDropdown || field instanceof PDFOptionList) return field.getSelected().join(' ');
  return '';
}

/** Helvetica's ascender plus descender, with room for the ring of an Å above the cap height. */
const lineExtent = 1.15;

/**
 * pdf-lib draws a text field's value at the size its /DA asks for and lets the appearance clip it: a form made
 * with 12 pt in a 12 pt high box shows the tops of the letters cut off. Shrinks that size (never grows it) to
 * what the field's smallest widget can show: the one line, or the wrapped lines of a multi-line field.
 */
function fitFontSize(field: PDFTextField, font: PDFFont): void {
  if (field.isCombed()) return;
  const text = field.getText() ?? '';
  const requested = Number(/(\d*\.?\d+)\s+Tf/.exec(field.acroField.getDefaultAppearance() ?? '')?.[1] ?? 0);
  let size = requested > 0 ? requested : 12;
  for (const widget of field.acroField.getWidgets()) {
    const { width, height } = widget.getRectangle();
    const rotation = (((widget.getAppearanceCharacteristics()?.getRotation() ?? 0) % 360) + 360) % 360;
    const [across, up] = rotation === 90 || rotation === 270 ? [height, width] : [width, height];
    const inset = 2 * ((widget.getBorderStyle()?.getWidth() ?? 0) + 1);
    const bounds = { width: across - inset, height: up - inset };
    if (bounds.width <= 0 || bounds.height <= 0) continue;
    if (field.isMultiline()) {
      size = Math.min(size, fitText(text, font, bounds, { maxSize: size, minSize: 4 }).size);
    } else {
      const widthAtOne = font.widthOfTextAtSize(text, 1);
      size = Math.min(size, bounds.height / lineExtent, widthAtOne > 0 ? bounds.width / widthAtOne : size);
    }
  }
  size = Math.max(4, Math.floor(size * 10) / 10);
  if (requested === 0 || size < requested) field.setFontSize(size);
}
