// The marketing links' messages without their schemas (docs/decisions/0039-page-weight-by-interaction.md): the console's
// form hook shows them on every console page, and importing them from contract/links.ts would bring its schemas and zod.
// contract/links.ts re-exports them.

export const LINK_MSG = {
  slug: 'A short link name is 3 to 64 letters, digits or dashes',
  slugTaken: 'That short link name is already taken. Please choose another one.',
  destination: "The destination must be a page of this site (starting with /) or the organisation's landing address",
  noSuchPage: 'This page does not exist on your site',
  nothingToChange: 'Send at least one field to change',
  archived: 'Archived is yes or no',
  qrSize: 'A QR code is 256 to 2048 pixels wide',
  download: 'download is 1 or 0',
  referralCode: 'A referral code is 1 to 64 letters, digits, dashes or underscores',
  campaign: 'A campaign name is 1 to 64 letters, digits, dashes or underscores',
  utm: 'At most 100 characters, without control characters',
  day: 'Give a day as YYYY-MM-DD',
  range: 'The range starts on or before its end and spans at most 366 days',
  noSuchLink: 'No such short link',
  noSuchCampaign: 'No short link belongs to this campaign',
} as const;
