/** The public service's page on social home ownership, for visitors who would rather buy. */
export const SOCIAL_ACCESSION_URL = 'https://www.service-public.fr/particuliers/vosdroits/F22158';
