/**
 * Reference lists of the platform (spec section 9), with the French labels users see.
 * Each list is the single source for the API's enum columns and the front ends' options.
 */

export interface Option<V extends string = string> {
  value: V;
  label: string;
}

/**
 * The French label of a value among options; `fallback` (the value itself unless told) if none has it. The one way to
 * read an option's label: a hand-written `options.find(…)?.label` is refused by the lint.
 */
export function labelOf(options: readonly { value: string | number; label: string }[], value: string | number, fallback: string = String(value)): string {
  // eslint-disable-next-line no-restricted-syntax -- the lookup itself
  return options.find((option) => option.value === value)?.label ?? fallback;
}

function values<V extends string>(options: readonly Option<V>[]): V[] {
  return options.map((option) => option.value);
}

export const ZONES = ['Abis', 'A', 'B1', 'B2C'] as const;
export type Zone = (typeof ZONES)[number];
/** A zone as people write it: « A bis ». */
export const zoneLabel = (zone: Zone): string => (zone === 'Abis' ? 'A bis' : zone);
/** Zones where the communes served by the platform lie. */
export const SERVED_ZONES = ['A', 'B1'] as const satisfies readonly Zone[];

export const FLAT_SIZE_OPTIONS = [
  { value: 'garage', label: 'Garage' },
  { value: 'studio', label: 'Studio' },
  ...(['T1', 'T2', 'T3', 'T4', 'T5', 'T6'] as const).flatMap((size) => [
    { value: size, label: size },
    { value: `${size}bis` as const, label: `${size} bis` },
  ]),
] as const satisfies readonly Option[];
export type FlatSize = (typeof FLAT_SIZE_OPTIONS)[number]['value'];
export const FLAT_SIZES: FlatSize[] = values(FLAT_SIZE_OPTIONS);

export const CERTIFICATION_OPTIONS = [
  { value: 'RT2012', label: 'Réglementation thermique 2012' },
  { value: 'RE2020', label: 'Réglementation environnementale 2020' },
  { value: 'hlm', label: 'Bailleur social agréé (HLM)' },
] as const satisfies readonly Option[];
export type Certification = (typeof CERTIFICATION_OPTIONS)[number]['value'];

export const ADVANTAGE_OPTIONS = [
  { value: 'no_agency_fees', label: "Pas de frais d'agence" },
  { value: 'no_state_fees', label: 'Pas de frais de dossier' },
] as const satisfies readonly Option[];
export type Advantage = (typeof ADVANTAGE_OPTIONS)[number]['value'];

export const EQUIPMENT_TYPES = ['good', 'residence'] as const;
export type EquipmentType = (typeof EQUIPMENT_TYPES)[number];

/** Values of a residence's status: the spec leaves them to us. */
export const RESIDENCE_STATUS_OPTIONS = [
  { value: 'draft', label: 'Brouillon' },
  { value: 'published', label: 'Publiée' },
  { value: 'closed', label: 'Fermée' },
] as const satisfies readonly Option[];
export type ResidenceStatus = (typeof RESIDENCE_STATUS_OPTIONS)[number]['value'];
export const RESIDENCE_STATUSES: ResidenceStatus[] = values(RESIDENCE_STATUS_OPTIONS);

export const HOUSEHOLD_OPTIONS = [
  { value: 'alone', label: 'Personne seule' },
  { value: 'couple', label: 'Couple' },
] as const satisfies readonly Option[];
export type Household = (typeof HOUSEHOLD_OPTIONS)[number]['value'];
export const HOUSEHOLDS: Household[] = values(HOUSEHOLD_OPTIONS);

export const LINK_OPTIONS = [
  { value: 'marie', label: 'Marié(e)' },
  { value: 'pacse', label: 'Pacsé(e)' },
  { value: 'concubin', label: 'Concubin(e)' },
  { value: 'ascendant', label: 'Ascendant' },
  { value: 'descendant', label: 'Descendant' },
  { value: 'fratrie', label: 'Frère ou sœur' },
] as const satisfies readonly Option[];
export type Link = (typeof LINK_OPTIONS)[number]['value'];
export const LINKS: Link[] = values(LINK_OPTIONS);

export const PRO_SITUATION_OPTIONS = [
  { value: 'etudiants', label: 'Étudiant(e)' },
  { value: 'cdd', label: 'Salarié(e) en CDD' },
  { value: 'cdi', label: 'Salarié(e) en CDI' },
  { value: 'ctt', label: 'Intérimaire (CTT)' },
  { value: 'benef_prestas', label: 'Bénéficiaire de prestations' },
  { value: 'retraite', label: 'Retraité(e)' },
  { value: 'independant', label: 'Indépendant(e)' },
] as const satisfies readonly Option[];
export type ProSituation = (typeof PRO_SITUATION_OPTIONS)[number]['value'];
export const PRO_SITUATIONS: ProSituation[] = values(PRO_SITUATION_OPTIONS);

export const HOUSING_SITUATION_OPTIONS = [
  { value: 'loc_prive', label: 'Locataire du parc privé' },
  { value: 'loc_social', label: 'Locataire du parc social' },
  { value: 'proprio', label: 'Propriétaire' },
  { value: 'heberge', label: 'Hébergé(e)' },
] as const satisfies readonly Option[];
export type HousingSituation = (typeof HOUSING_SITUATION_OPTIONS)[number]['value'];
export const HOUSING_SITUATIONS: HousingSituation[] = values(HOUSING_SITUATION_OPTIONS);

export const MEMBER_ROLE_OPTIONS = [
  { value: 'parent', label: 'Parent' },
  { value: 'child', label: 'Enfant' },
  { value: 'other', label: 'Autre' },
] as const satisfies readonly Option[];
export type MemberRole = (typeof MEMBER_ROLE_OPTIONS)[number]['value'];

export const CONTACT_SUBJECT_OPTIONS = [
  { value: 'new_record', label: 'Déposer une nouvelle demande de logement' },
  { value: 'record_follow_up', label: 'Suivre ma demande en cours' },
  { value: 'infos', label: "Obtenir des informations" },
  { value: 'rgpd', label: 'Exercer mes droits sur mes données personnelles' },
] as const satisfies readonly Option[];
export type ContactSubject = (typeof CONTACT_SUBJECT_OPTIONS)[number]['value'];
export const CONTACT_SUBJECTS: ContactSubject[] = values(CONTACT_SUBJECT_OPTIONS);

export const OUTCOME_OPTIONS = [
  { value: 'done', label: 'Réalisé' },
  { value: 'not_done', label: 'Non réalisé' },
  { value: 'no_answer', label: 'Sans réponse' },
  { value: 'no_interest', label: 'Pas intéressé(e)' },
  { value: 'interested', label: 'Intéressé(e)' },
  { value: 'waiting_appointment', label: 'En attente de rendez-vous' },
  { value: 'new_appointment', label: 'Nouveau rendez-vous' },
] as const satisfies readonly Option[];
export type Outcome = (typeof OUTCOME_OPTIONS)[number]['value'];

export const REFERENCE_STATUS_OPTIONS = [
  { value: 'new', label: 'Nouveau' },
  { value: 'completed', label: 'Terminé' },
] as const satisfies readonly Option[];
export type ReferenceStatus = (typeof REFERENCE_STATUS_OPTIONS)[number]['value'];
export const REFERENCE_STATUSES: ReferenceStatus[] = values(REFERENCE_STATUS_OPTIONS);

export const ROLES = ['admin', 'hsa', 'customer', 'coordinator', 'comitee', 'member'] as const;
export type Role = (typeof ROLES)[number];
/** The roles as staff read them (spec section 6 names admin, hsa and customer). */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Support technique',
  hsa: 'Gestionnaire',
  customer: 'Client',
  coordinator: 'Coordinateur',
  comitee: 'Comité',
  member: 'Membre du comité',
};
export const ROLE_OPTIONS: Option<Role>[] = ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));

/** Supporting documents of a record; stored per person with a p1_ or p2_ prefix. */
export const DOCUMENT_TYPE_OPTIONS = [
  { value: 'nat_id', label: "Pièce d'identité", multiple: false },
  { value: 'birth_certificate', label: 'Acte de naissance', multiple: false },
  { value: 'rent_receipts', label: 'Quittances de loyer', multiple: true },
  { value: 'tax_notices', label: "Avis d'imposition", multiple: true },
  { value: 'payslips', label: 'Bulletins de salaire', multiple: true },
  { value: 'employer_contract', label: 'Contrat de travail', multiple: false },
  { value: 'retirement_certificate', label: 'Attestation de retraite', multiple: true },
  { value: 'kbis', label: 'Extrait Kbis', multiple: true },
] as const satisfies readonly (Option & { multiple: boolean })[];
export type DocumentType = (typeof DOCUMENT_TYPE_OPTIONS)[number]['value'];
export const DOCUMENT_TYPES: DocumentType[] = values(DOCUMENT_TYPE_OPTIONS);

export const TOKEN_KINDS = ['registration', 'password_reset', 'document_upload', 'email_change'] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

/** Widths the API renders pictures at (spec section 9); 1000 when none is asked. */
export const IMAGE_WIDTHS = [500, 1000, 1500, 2000, 3000] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const DEFAULT_IMAGE_WIDTH: ImageWidth = 1000;
