import type { RemoteRoutes } from '@hsa-lli/common/ui';
import { goodMeta, residenceMeta } from './lib/meta.js';

const routes: RemoteRoutes = [
  {
    layout: 'public',
    routes: [
      {
        path: '/',
        handle: {
          pattern: '/',
          title: 'Logements à loyer intermédiaire sur la côte basque et dans les Landes',
          description:
            "Appartements neufs ou récents à loyers plafonnés à Anglet, Biarritz, Bayonne, Saint-Jean-de-Luz, Capbreton et alentours : découvrez nos résidences et testez votre éligibilité au logement intermédiaire.",
        },
        lazy: () => import('./features/home/home-page.js').then(({ HomePage, homeLoader }) => ({ Component: HomePage, loader: homeLoader })),
      },
      {
        path: '/residences',
        handle: {
          pattern: '/residences',
          title: 'Nos résidences',
          description: 'Toutes nos résidences en location intermédiaire sur la côte basque et dans le sud des Landes, à filtrer par commune, typologie et loyer.',
        },
        lazy: () =>
          import('./features/residences/residences-page.js').then(({ ResidencesPage, residencesLoader }) => ({ Component: ResidencesPage, loader: residencesLoader })),
      },
      {
        path: '/residences/:slug',
        handle: { pattern: '/residences/[slug]', title: 'Résidence', meta: residenceMeta },
        lazy: () =>
          import('./features/residences/residence-page.js').then(({ ResidencePage, residenceLoader }) => ({ Component: ResidencePage, loader: residenceLoader })),
      },
      {
        path: '/residences/:slug/:goodSlug/:id',
        handle: { pattern: '/residences/[slug]/[good_slug]/[id]', title: 'Logement', meta: goodMeta },
        lazy: () => import('./features/goods/good-page.js').then(({ GoodPage, goodLoader }) => ({ Component: GoodPage, loader: goodLoader })),
      },
      {
        path: '/tester-mon-eligibilite',
        handle: {
          pattern: '/tester-mon-eligibilite',
          title: 'Tester mon éligibilité',
          description: "Vérifiez en une minute si les revenus de votre foyer permettent de louer un logement intermédiaire, selon les plafonds officiels en vigueur.",
        },
        lazy: () => import('./features/eligibility/eligibility-page.js').then(({ EligibilityPage }) => ({ Component: EligibilityPage })),
      },
      {
        path: '/nous-contacter',
        handle: { pattern: '/nous-contacter', title: 'Nous contacter', description: 'Posez-nous vos questions ou déposez une demande de logement intermédiaire.' },
        lazy: () => import('./features/contact/contact-page.js').then(({ ContactPage }) => ({ Component: ContactPage })),
      },
      {
        path: '/mentions-legales',
        handle: { pattern: '/mentions-legales', title: 'Mentions légales', description: 'Éditeur, hébergement et conditions d’utilisation du site HSA Logement intermédiaire.' },
        lazy: () => import('./features/legal/legal-page.js').then(({ LegalNoticePage }) => ({ Component: LegalNoticePage })),
      },
      {
        path: '/reglement-general-sur-la-protection-des-donnees-personnelles',
        handle: {
          pattern: '/reglement-general-sur-la-protection-des-donnees-personnelles',
          title: 'Données personnelles',
          description: 'Comment HSA Logement intermédiaire traite vos données personnelles, combien de temps il les garde, et comment exercer vos droits.',
        },
        lazy: () => import('./features/legal/legal-page.js').then(({ PrivacyPage }) => ({ Component: PrivacyPage })),
      },
    ],
  },
];

export default routes;
