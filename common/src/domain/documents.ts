/**
 * The supporting documents of an application file: their names in the spec, what each household must provide
 * (spec section 5), the limits of their files, and how a kept file is shown.
 */
import * as z from 'zod/mini';
import { formatDate, formatFileSize, plural } from './format.js';
import { DOCUMENT_TYPE_OPTIONS, labelOf, type DocumentType, type Household, type Option, type ProSituation } from './reference.js';
import { builtWhenUsed } from './schema.js';

/** Where staff's review of a document stands (the spec's names). */
export const DOCUMENT_STATUS_OPTIONS = [
  { value: 'to_process', label: 'À traiter' },
  { value: 'validated', label: 'Validé' },
  { value: 'declined', label: 'Refusé' },
] as const satisfies readonly Option[];
export type DocumentStatus = (typeof DOCUMENT_STATUS_OPTIONS)[number]['value'];
export const DOCUMENT_STATUSES: DocumentStatus[] = DOCUMENT_STATUS_OPTIONS.map((option) => option.value);

/**
 * What the antivirus said of a kept document: clean, or « non analysé » when no antivirus is configured (staff see
 * it). An infected file is never kept.
 */
export const SCAN_STATUS_OPTIONS = [
  { value: 'clean', label: 'Analysé, sain' },
  { value: 'not_scanned', label: 'Non analysé' },
] as const satisfies readonly Option[];
export type ScanStatus = (typeof SCAN_STATUS_OPTIONS)[number]['value'];
export const SCAN_STATUSES: ScanStatus[] = SCAN_STATUS_OPTIONS.map((option) => option.value);

/** Who put a document into the file: its owner, someone holding a shared upload link, or staff. */
export const DOCUMENT_SOURCES = ['owner', 'shared_link', 'staff'] as const;
export type DocumentSource = (typeof DOCUMENT_SOURCES)[number];

export const PERSONS = [1, 2] as const;
export type PersonPosition = (typeof PERSONS)[number];

/** A document's name in the spec: `p1_nat_id`, `p2_payslips`. */
export type DocumentName = `p${PersonPosition}_${DocumentType}`;

export function documentName(person: PersonPosition, type: DocumentType): DocumentName {
  return `p${person}_${type}`;
}

/** The person and kind of a document's name; null for anything else. */
export function parseDocumentName(name: unknown): { person: PersonPosition; type: DocumentType } | null {
  if (typeof name !== 'string') return null;
  const match = /^p([12])_([a-z_]+)$/.exec(name);
  const kind = match && DOCUMENT_TYPE_OPTIONS.find((option) => option.value === match[2]);
  return kind ? { person: Number(match[1]) as PersonPosition, type: kind.value } : null;
}

export function documentKind(type: DocumentType) {
  return DOCUMENT_TYPE_OPTIONS.find((option) => option.value === type)!;
}

/** '« Pièce d'identité » de la personne 2': a document's name as its owner reads it. */
export function documentLabel(name: DocumentName, persons = 2): string {
  const { person, type } = parseDocumentName(name)!;
  const label = `« ${labelOf(DOCUMENT_TYPE_OPTIONS, type)} »`;
  return persons > 1 ? `${label} (${person === 1 ? 'premier demandeur' : 'second demandeur'})` : label;
}

/** The professional situations that call for payslips and the employment contract (spec section 5). */
const SALARIED: readonly ProSituation[] = ['cdd', 'cdi', 'ctt'];

/** The kinds one person must provide, in the order the page lists them (spec section 5). */
export function requiredTypes(proSituation: ProSituation | null): DocumentType[] {
  const always: DocumentType[] = ['nat_id', 'birth_certificate', 'rent_receipts', 'tax_notices'];
  if (proSituation !== null && SALARIED.includes(proSituation)) return [...always, 'payslips', 'employer_contract'];
  if (proSituation === 'retraite') return [...always, 'retirement_certificate'];
  if (proSituation === 'independant') return [...always, 'kbis'];
  return always;
}

/** The documents a household must provide: the first person's, and the second's for a couple (spec section 5). */
export function requiredDocuments(record: { situation: Household; person_1: { pro_situation: ProSituation | null }; person_2: { pro_situation: ProSituation | null } | null }): DocumentName[] {
  const first = requiredTypes(record.person_1.pro_situation).map((type) => documentName(1, type));
  if (record.situation !== 'couple') return first;
  return [...first, ...requiredTypes(record.person_2?.pro_situation ?? null).map((type) => documentName(2, type))];
}

/** 10 Mo per file. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Files per name for the kinds that take several (payslips of three months, tax notices of two years…). */
export const DOCUMENT_MAX_FILES = 12;
/** Pages per PDF, by kind: what the document can sensibly hold. */
export const DOCUMENT_MAX_PAGES: Record<DocumentType, number> = {
  nat_id: 4,
  birth_certificate: 6,
  rent_receipts: 12,
  tax_notices: 12,
  payslips: 12,
  employer_contract: 40,
  retirement_certificate: 12,
  kbis: 12,
};
/** What to put in the file of a kind, beyond its format: an identity card takes one file for both its sides. */
const DOCUMENT_ADVICE: Partial<Record<DocumentType, string>> = {
  nat_id: 'Mettez le recto et le verso dans un même PDF, ou sur une même photo.',
};

/** What an upload field says of the files a kind takes (the formats alone while no kind is chosen). */
export function documentFilesHint(type: DocumentType | null): string {
  if (!type) return 'PDF, JPEG, PNG ou photo HEIC, 10 Mo au plus par fichier.';
  const advice = DOCUMENT_ADVICE[type];
  return `PDF, JPEG, PNG ou photo HEIC, 10 Mo au plus par fichier, ${DOCUMENT_MAX_PAGES[type]} pages au plus.${advice ? ` ${advice}` : ''}`;
}

/** What a document may be, recognised from its content: PDF, and photos from a phone or a scanner. */
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/heic', 'image/heif'] as const;
/** What the file picker offers (the content decides, not the name). */
export const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,.heic,.heif,application/pdf,image/jpeg,image/png,image/heic,image/heif';

export const DOCUMENT_TOO_LARGE = 'Ce fichier dépasse 10 Mo : réduisez-le (une photo moins grande, un PDF compressé) ou scannez moins de pages.';

export interface RecordDocumentView {
  id: number;
  type: DocumentName;
  status: DocumentStatus;
  /** Why staff refused it. */
  reason: string | null;
  file_name: string;
  content_type: string;
  size: number;
  pages: number;
  source: DocumentSource;
  scan: ScanStatus;
  /** ISO 8601. */
  uploaded_at: string;
}

/** Who put a file there, after « déposé » — as its owner reads it (their own files go unsaid), or as staff do. */
const DEPOSITED_BY: Record<'owner' | 'staff', Record<DocumentSource, string>> = {
  owner: { owner: '', shared_link: ' par lien de dépôt', staff: ' par HSA' },
  staff: { owner: ' par le demandeur', shared_link: ' par lien de dépôt', staff: ' par HSA' },
};

/** « PDF de 3 pages, 240 ko, déposé le 12 mars 2026 », « Photo, 2,4 Mo, déposée par lien de dépôt le … ». */
export function documentFacts(file: Pick<RecordDocumentView, 'content_type' | 'pages' | 'size' | 'source' | 'uploaded_at'>, reader: 'owner' | 'staff'): string {
  const pdf = file.content_type === 'application/pdf';
  const what = pdf ? `PDF de ${plural(file.pages, 'page', 'pages')}` : 'Photo';
  return `${what}, ${formatFileSize(file.size)}, ${pdf ? 'déposé' : 'déposée'}${DEPOSITED_BY[reader][file.source]} le ${formatDate(file.uploaded_at)}`;
}

/** The body of a document upload besides its file: the document's name in the spec. */
export const documentTypeSchema = builtWhenUsed(() => z.strictObject({
  type: z.string('Choisissez le type de pièce.').check(z.refine((value) => parseDocumentName(value) !== null, 'Choisissez le type de pièce.')),
}));
