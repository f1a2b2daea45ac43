/**
 * The legal texts of the site, written once: the pages of the public site and the PDF documents the
 * API produces both read them. Identity details of the provider marked « à compléter » are to be
 * filled in by the provider before the site opens.
 */
import { ALERT_LIMITS } from './alerts.js';
import { VISIT_LIMITS } from './visits.js';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
  items?: string[];
}

export interface LegalDocument {
  title: string;
  updated: string;
  sections: LegalSection[];
}

export const PROVIDER = 'HSA Logement intermédiaire';
const ADDRESS = '2 allée du Port-Neuf, 64100 Bayonne';
const DPO = 'dpo@hsa-lli.fr';

export const LEGAL_NOTICE: LegalDocument = {
  title: 'Mentions légales',
  updated: '2026-11-21',
  sections: [
    {
      heading: 'Éditeur du site',
      paragraphs: [
        `Le site est édité par ${PROVIDER}, bailleur de logements locatifs intermédiaires sur la côte basque et dans le sud des Landes, dont le siège est situé ${ADDRESS}.`,
        'Forme juridique, capital social et numéro d’immatriculation au registre du commerce et des sociétés : à compléter par le bailleur.',
        'Téléphone : 05 59 00 00 00. Directeur de la publication : le représentant légal de la société.',
      ],
    },
    {
      heading: 'Hébergement',
      paragraphs: ['Le site et ses données sont hébergés dans l’Union européenne par un prestataire dont l’identité et l’adresse sont à compléter par le bailleur.'],
    },
    {
      heading: 'Images',
      paragraphs: [
        'Les images des résidences et des logements présentées sur ce site sont des illustrations, non contractuelles. Les surfaces, loyers et équipements indiqués font foi ; seul le bail engage les parties.',
      ],
    },
    {
      heading: 'Propriété intellectuelle',
      paragraphs: [
        'Les textes, illustrations, plans et éléments graphiques du site appartiennent à leur éditeur. Toute reproduction sans autorisation écrite est interdite, sauf pour un usage strictement personnel.',
      ],
    },
    {
      heading: 'Données personnelles et cookies',
      paragraphs: [
        'Le traitement de vos données personnelles et l’usage des cookies sont décrits sur la page « Données personnelles ». Vous pouvez modifier à tout moment vos choix en matière de cookies par le lien « Gestion des cookies » en bas de chaque page.',
      ],
    },
    {
      heading: 'Nous écrire',
      paragraphs: [`Pour toute question sur le site : formulaire « Nous contacter », ou courrier à ${PROVIDER}, ${ADDRESS}.`],
    },
  ],
};

export const PRIVACY_NOTICE: LegalDocument = {
  title: 'Protection des données personnelles',
  updated: '2026-11-29',
  sections: [
    {
      heading: 'Qui est responsable de vos données',
      paragraphs: [
        `${PROVIDER}, ${ADDRESS}, est responsable des traitements décrits ici. Son délégué à la protection des données répond à l’adresse ${DPO}.`,
      ],
    },
    {
      heading: 'Pourquoi nous traitons vos données, et sur quelle base',
      paragraphs: ['Nous ne traitons que les données utiles à chacune de ces finalités :'],
      items: [
        'Répondre à vos demandes de contact : nom, e-mail, téléphone, message. Base légale : mesures précontractuelles prises à votre demande (article 6.1.b du RGPD).',
        'Tester votre éligibilité : vos réponses sont calculées sur le moment et ne sont pas conservées, sauf si vous les joignez à une demande de contact.',
        'Instruire votre demande de logement : composition du foyer, situation professionnelle, pièces justificatives (identité, avis d’imposition, bulletins de salaire…). Bases légales : mesures précontractuelles (article 6.1.b) et obligation légale de vérifier les plafonds de ressources du logement locatif intermédiaire (article 6.1.c ; article 279-0 bis A du code général des impôts).',
        'Recueillir l’avis du comité sur les dossiers : mêmes bases légales que l’instruction.',
        'Gérer votre compte et sa sécurité (identifiants, journaux de connexion) : exécution du contrat d’utilisation du site (article 6.1.b) et intérêt légitime à protéger les comptes (article 6.1.f).',
        'Vous prévenir par e-mail des logements qui correspondent à une recherche (alertes) : votre adresse e-mail et les critères de la recherche, uniquement avec votre consentement, confirmé par un lien envoyé à cette adresse (article 6.1.a) ; chaque e-mail d’alerte permet de vous désinscrire en un clic.',
        'Organiser les visites de logements réservées en ligne : nom, e-mail, téléphone et créneau choisi, pour vous confirmer la visite, vous la rappeler la veille et vous joindre ce jour-là ; si vous réservez connecté(e) à votre compte, la visite est notée dans votre dossier. Base légale : mesures précontractuelles prises à votre demande (article 6.1.b).',
        'Mesurer l’audience du site : uniquement avec votre consentement (article 6.1.a), que vous pouvez retirer à tout moment.',
      ],
    },
    {
      heading: 'Combien de temps nous les gardons',
      paragraphs: [],
      items: [
        'Pièces justificatives d’un dossier en cours : 90 jours après la dernière activité du dossier (votre dernière connexion, un document envoyé ou examiné, un échange avec nous). Nous vous prévenons par e-mail 30 jours puis 7 jours avant ; il suffit de vous connecter pour les garder.',
        'Dossier et compte sans activité : un an après la suppression de leurs pièces justificatives, avec les mêmes avertissements.',
        'Dossiers refusés ou abandonnés, avec leurs pièces et le compte : 90 jours après la décision ; nous vous prévenons 7 jours avant.',
        'Dossiers des locataires : leurs pièces justificatives, sauf les avis d’imposition, 90 jours après la signature du bail ; le reste pendant le bail, puis trois ans après le départ du logement (délai de prescription des actions nées du bail).',
        'Comptes créés sur invitation et jamais activés : 30 jours après l’expiration de l’invitation.',
        'Demandes de contact : trois ans après notre dernier échange.',
        `Alertes par e-mail : ${ALERT_LIMITS.months} mois après leur confirmation ou après votre dernier « Garder cette alerte » ; une alerte jamais confirmée, ${ALERT_LIMITS.confirmationDays} jours après sa demande.`,
        `Visites réservées en ligne : ${VISIT_LIMITS.keptDays} jours après la visite.`,
        'Journaux de consultation des dossiers : un an.',
        'Sauvegardes : 30 jours ; une donnée effacée disparaît des sauvegardes au plus tard dans ce délai.',
        'Cookies de mesure d’audience : treize mois au plus ; statistiques : vingt-cinq mois au plus.',
      ],
    },
    {
      heading: 'Qui peut les lire',
      paragraphs: [
        'Seules les personnes habilitées de nos services de gestion locative, et les membres du comité pour les dossiers qui lui sont soumis, accèdent à vos données. Nos prestataires d’hébergement et de messagerie les traitent pour notre compte, dans l’Union européenne, sous contrat. Nous les transmettons aux administrations seulement quand la loi l’exige. Aucune donnée n’est vendue ni transférée hors de l’Union européenne.',
      ],
    },
    {
      heading: 'Comment nous les protégeons',
      paragraphs: [
        'Les pièces justificatives sont conservées chiffrées, hors de tout espace public du site, accessibles aux seules personnes habilitées, et chaque consultation de votre dossier est enregistrée ; les mots de passe sont conservés sous une forme qui ne permet pas de les retrouver ; les échanges avec le site sont chiffrés.',
      ],
    },
    {
      heading: 'Vos droits, et comment les exercer',
      paragraphs: [
        'Vous pouvez accéder à vos données, les faire rectifier ou effacer, en limiter le traitement, vous y opposer, en demander la portabilité et définir des directives sur leur sort après votre décès. Vous pouvez retirer votre consentement à la mesure d’audience par le lien « Gestion des cookies ».',
        'Depuis votre espace, page « Mes identifiants », vous pouvez télécharger à tout moment toutes les données que nous détenons sur vous (vos informations en PDF et en JSON, vos pièces justificatives, la liste des consultations de votre dossier), et demander l’effacement de votre compte et de votre dossier : il est immédiat, sauf pour ce qu’un bail signé nous oblige à garder, dont la page vous indique la durée.',
        `Pour exercer ces droits : formulaire « Nous contacter » (objet « Exercer mes droits sur mes données personnelles »), e-mail à ${DPO}, ou courrier à ${PROVIDER}, ${ADDRESS}. Nous répondons dans un délai d’un mois. En cas de doute raisonnable sur votre identité, nous pourrons vous demander un justificatif.`,
        'Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL, 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07 (www.cnil.fr).',
      ],
    },
    {
      heading: 'Cookies',
      paragraphs: [
        'Un cookie de session, nécessaire, maintient votre connexion ; vos choix (cookies, version du site) sont gardés dans votre navigateur. Le script de mesure d’audience n’est chargé qu’avec votre accord.',
      ],
    },
  ],
};

export const TERMS_OF_USE: LegalDocument = {
  title: "Conditions générales d'utilisation",
  updated: '2026-11-21',
  sections: [
    {
      heading: 'Objet',
      paragraphs: [
        `Ces conditions règlent l’usage du site de ${PROVIDER} : consultation des résidences et des logements, test d’éligibilité, demandes de contact, espace client et dépôt des pièces justificatives.`,
      ],
    },
    {
      heading: 'Accès au site',
      paragraphs: [
        'La consultation du site est libre et gratuite. L’espace client est ouvert sur invitation de nos services ; vos identifiants sont personnels et vous en êtes responsable. Signalez-nous sans attendre tout usage qui ne serait pas le vôtre.',
      ],
    },
    {
      heading: 'Informations publiées',
      paragraphs: [
        'Les loyers, surfaces et disponibilités sont donnés à titre indicatif et peuvent évoluer ; les images sont des illustrations. Le résultat du test d’éligibilité est indicatif : l’éligibilité est vérifiée sur pièces lors de l’instruction de la demande.',
      ],
    },
    {
      heading: 'Vos engagements',
      paragraphs: [
        'Vous vous engagez à fournir des informations exactes et des documents authentiques, et à ne pas porter atteinte au fonctionnement du site. Une fausse déclaration peut entraîner le rejet de la demande de logement.',
      ],
    },
    {
      heading: 'Données personnelles',
      paragraphs: ['Le traitement de vos données est décrit dans la notice de protection des données personnelles, disponible sur le site.'],
    },
    {
      heading: 'Droit applicable',
      paragraphs: ['Ces conditions sont soumises au droit français. En cas de litige, une solution amiable sera recherchée avant toute action devant les tribunaux compétents.'],
    },
  ],
};

/** The PDF documents the site links to, by file name. */
export const LEGAL_PDFS = {
  'conditions-generales-d-utilisation.pdf': TERMS_OF_USE,
  'notice-protection-des-donnees-personnelles.pdf': PRIVACY_NOTICE,
} as const satisfies Record<string, LegalDocument>;
export type LegalPdfName = keyof typeof LEGAL_PDFS;
