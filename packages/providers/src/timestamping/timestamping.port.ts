/**
 * A time-stamping authority as sealing uses it (issue 7, part 4): an RFC 3161 token over a digest, for PAdES B-T.
 * The shape is @libpdf/core's `TimestampAuthority`, positional parameters included, so a provider is handed to its
 * signer as it is.
 */

export type TimestampDigestAlgorithm = 'SHA-256' | 'SHA-384' | 'SHA-512';

export interface TimestampingProvider {
  /**
   * The DER TimeStampToken (a CMS ContentInfo) over `digest`, made with `algorithm`. Throws TimestampingError when
   * no token can be had; its `isRetryable` says whether asking later can help.
   */
  timestamp(digest: Uint8Array, algorithm: TimestampDigestAlgorithm): Promise<Uint8Array>;
}
