import type { Advantage, Certification, FlatSize, ResidenceStatus } from '@hsa-lli/common/domain';

/** Demo content: fictitious residences of the Basque coast and the Landes, and their flats. */

export const DEMO_PASSWORD = 'Demo-2026-lli';

export const DEMO_USERS = [
  { email: 'admin@demo.hsa-lli.fr', roles: ['admin'], firstName: 'Maialen', lastName: 'Etcheverry' },
  { email: 'hsa@demo.hsa-lli.fr', roles: ['hsa'], firstName: 'Peio', lastName: 'Larralde' },
  { email: 'coordinator@demo.hsa-lli.fr', roles: ['coordinator'], firstName: 'Sophie', lastName: 'Dufau' },
  { email: 'comitee@demo.hsa-lli.fr', roles: ['comitee'], firstName: 'Jean-Michel', lastName: 'Lafitte' },
  { email: 'member@demo.hsa-lli.fr', roles: ['member'], firstName: 'Amaia', lastName: 'Irigoyen' },
  { email: 'customer@demo.hsa-lli.fr', roles: ['customer'], firstName: 'Lucas', lastName: 'Bergeret' },
] as const;

export const DEMO_EQUIPMENTS = {
  residence: [
    'Ascenseur',
    'Local vélos sécurisé',
    'Parking en sous-sol',
    'Jardin partagé',
    'Local poussettes',
    'Interphone vidéo',
    'Bornes de recharge pour véhicules électriques',
  ],
  good: [
    'Balcon',
    'Terrasse',
    'Cuisine équipée',
    'Cellier',
    'Place de parking privative',
    'Pompe à chaleur',
    'Volets roulants électriques',
    "Douche à l'italienne",
  ],
} as const;

export interface DemoGood {
  flatSize: FlatSize;
  surface: number;
  /** Monthly charges in euros. */
  charges: number;
  /** Null where no DPE applies (a garage). */
  dpeKwh: number | null;
  dpeKgco2: number | null;
  enabled: boolean;
  floor: string;
  /** The day it can be let from (the residence's own schedule); none for now. */
  availableFrom?: string;
  /** Let, its tenant's notice ending that many months after the demo is loaded: available from the first of that month. */
  noticeEndsInMonths?: number;
}

export interface DemoResidence {
  name: string;
  insee: string;
  status: ResidenceStatus;
  closedLabel?: string;
  neighborhood: string;
  address: string;
  deliveryDate: string;
  limitDate?: string;
  floors: number;
  advantages: Advantage[];
  certifications: Certification[];
  equipments: number[];
  description: string;
  district: string;
  goods: DemoGood[];
}

export const DEMO_RESIDENCES: DemoResidence[] = [
  {
    name: 'Résidence Les Hortensias',
    insee: '64024',
    status: 'published',
    neighborhood: 'Chiberta',
    address: '12 avenue de l’Adour',
    deliveryDate: '2025-09-15',
    floors: 4,
    advantages: ['no_agency_fees', 'no_state_fees'],
    certifications: ['RE2020'],
    equipments: [0, 1, 2, 5],
    description:
      'Petite résidence de 24 logements à deux pas de la forêt de Chiberta, avec des appartements traversants et lumineux, tous prolongés par un balcon ou une terrasse.',
    district:
      'Quartier résidentiel calme entre la forêt du Pignada et les plages d’Anglet, desservi par les lignes de bus Chronoplus ; commerces et écoles à moins de dix minutes à pied.',
    goods: [
      { flatSize: 'T2', surface: 46.5, charges: 65, dpeKwh: 58, dpeKgco2: 3, enabled: true, floor: '1er étage' },
      { flatSize: 'T3', surface: 67.2, charges: 85, dpeKwh: 62, dpeKgco2: 4, enabled: true, floor: '2e étage' },
      { flatSize: 'T4', surface: 84.0, charges: 105, dpeKwh: 65, dpeKgco2: 4, enabled: true, floor: '3e étage', availableFrom: '2027-02-01' },
      { flatSize: 'garage', surface: 14, charges: 5, dpeKwh: null, dpeKgco2: null, enabled: true, floor: 'sous-sol' },
    ],
  },
  {
    name: 'Villa Itsasoa',
    insee: '64122',
    status: 'published',
    neighborhood: 'Saint-Charles',
    address: '8 rue Gambetta',
    deliveryDate: '2024-06-30',
    floors: 3,
    advantages: ['no_agency_fees'],
    certifications: ['RT2012', 'hlm'],
    equipments: [0, 5],
    description:
      'Une villa de caractère réhabilitée en 14 appartements, avec la façade blanche et les colombages rouges de l’architecture basque, à quelques minutes des Halles.',
    district:
      'Au cœur de Biarritz, le quartier Saint-Charles mêle maisons anciennes, commerces de proximité et accès rapide à la Grande Plage.',
    goods: [
      { flatSize: 'studio', surface: 24.8, charges: 45, dpeKwh: 105, dpeKgco2: 9, enabled: true, floor: 'rez-de-chaussée' },
      { flatSize: 'T1bis', surface: 33.5, charges: 50, dpeKwh: 98, dpeKgco2: 8, enabled: true, floor: '1er étage' },
      { flatSize: 'T2', surface: 44.1, charges: 60, dpeKwh: 112, dpeKgco2: 12, enabled: true, floor: '2e étage', noticeEndsInMonths: 2 },
    ],
  },
  {
    name: 'Résidence Uhabia',
    insee: '64125',
    status: 'published',
    neighborhood: 'Uhabia',
    address: '3 chemin d’Ilbarritz',
    deliveryDate: '2026-03-31',
    floors: 3,
    advantages: ['no_agency_fees', 'no_state_fees'],
    certifications: ['RE2020'],
    equipments: [1, 3, 6],
    description:
      'Résidence neuve de 18 logements au milieu d’un jardin planté, avec des logements familiaux orientés au sud et une toiture photovoltaïque.',
    district: 'À 800 m de la plage d’Uhabia et de la gare de Bidart, dans un quartier proche des écoles et du centre du village.',
    goods: [
      { flatSize: 'T3', surface: 64.0, charges: 80, dpeKwh: 48, dpeKgco2: 2, enabled: true, floor: 'rez-de-jardin' },
      { flatSize: 'T4', surface: 81.5, charges: 100, dpeKwh: 45, dpeKgco2: 2, enabled: true, floor: '1er étage', noticeEndsInMonths: 3 },
      { flatSize: 'T5', surface: 98.0, charges: 120, dpeKwh: 44, dpeKgco2: 2, enabled: false, floor: '2e étage' },
    ],
  },
  {
    name: 'Les Terrasses de la Nivelle',
    insee: '64483',
    status: 'published',
    neighborhood: 'Fargeot',
    address: '27 avenue de Layatz',
    deliveryDate: '2025-12-15',
    floors: 5,
    advantages: ['no_agency_fees'],
    certifications: ['RE2020'],
    equipments: [0, 1, 2, 4],
    description:
      'Sur les hauteurs de Saint-Jean-de-Luz, des appartements avec de larges terrasses tournées vers la Rhune et la vallée de la Nivelle.',
    district: 'Quartier Fargeot, à dix minutes à vélo du port et de la gare, avec un supermarché et un collège à proximité.',
    goods: [
      { flatSize: 'T2', surface: 48.0, charges: 70, dpeKwh: 70, dpeKgco2: 5, enabled: true, floor: '1er étage' },
      { flatSize: 'T3', surface: 66.4, charges: 88, dpeKwh: 69, dpeKgco2: 5, enabled: true, floor: '3e étage' },
      { flatSize: 'T3bis', surface: 74.0, charges: 95, dpeKwh: 72, dpeKgco2: 6, enabled: true, floor: '4e étage' },
      { flatSize: 'T4', surface: 86.3, charges: 110, dpeKwh: 68, dpeKgco2: 5, enabled: true, floor: '5e étage', noticeEndsInMonths: 1 },
    ],
  },
  {
    name: 'Résidence Arrosa',
    insee: '64102',
    status: 'published',
    neighborhood: 'Saint-Esprit',
    address: '45 boulevard Alsace-Lorraine',
    deliveryDate: '2023-10-01',
    floors: 5,
    advantages: ['no_agency_fees', 'no_state_fees'],
    certifications: ['RT2012'],
    equipments: [0, 1, 5],
    description:
      'Résidence urbaine de 32 logements face à l’Adour, à deux pas de la gare de Bayonne et du pôle d’échanges Tram’bus.',
    district: 'Saint-Esprit, quartier vivant et métissé de la rive droite, avec ses commerces, ses marchés et un accès direct au centre historique.',
    goods: [
      { flatSize: 'studio', surface: 27.0, charges: 40, dpeKwh: 118, dpeKgco2: 14, enabled: true, floor: '2e étage' },
      { flatSize: 'T1', surface: 31.2, charges: 42, dpeKwh: 121, dpeKgco2: 15, enabled: true, floor: '3e étage', noticeEndsInMonths: 4 },
      { flatSize: 'T2', surface: 45.6, charges: 55, dpeKwh: 115, dpeKgco2: 13, enabled: true, floor: '4e étage', noticeEndsInMonths: 2 },
      { flatSize: 'T3', surface: 63.8, charges: 70, dpeKwh: 186, dpeKgco2: 32, enabled: true, floor: '1er étage' },
    ],
  },
  {
    name: 'Les Jardins de l’Adour',
    insee: '64140',
    status: 'published',
    neighborhood: 'Centre',
    address: '6 rue Jean Jaurès',
    deliveryDate: '2024-02-28',
    floors: 3,
    advantages: ['no_agency_fees'],
    certifications: ['RT2012'],
    equipments: [1, 3, 4],
    description: 'Logements familiaux avec jardins privatifs en rez-de-chaussée et grands balcons aux étages.',
    district: 'Au centre de Boucau, près de la gare et des bords de l’Adour, avec écoles, médiathèque et commerces à pied.',
    goods: [
      { flatSize: 'T3', surface: 65.5, charges: 75, dpeKwh: 95, dpeKgco2: 10, enabled: true, floor: 'rez-de-jardin' },
      { flatSize: 'T4', surface: 82.0, charges: 90, dpeKwh: 92, dpeKgco2: 9, enabled: true, floor: '1er étage' },
      { flatSize: 'T5', surface: 101.0, charges: 110, dpeKwh: 90, dpeKgco2: 9, enabled: true, floor: '2e étage', noticeEndsInMonths: 3 },
    ],
  },
  {
    name: 'Résidence Les Pins',
    insee: '40312',
    status: 'published',
    neighborhood: 'Les Forges',
    address: '18 allée des Forges',
    deliveryDate: '2025-05-31',
    floors: 2,
    advantages: ['no_agency_fees', 'no_state_fees'],
    certifications: ['RE2020'],
    equipments: [1, 2, 3, 6],
    description: 'Petits collectifs à ossature bois au milieu des pins, avec des logements économes et des espaces extérieurs généreux.',
    district: 'Quartier des Forges à Tarnos, entre la plage du Metro et le centre-ville, desservi par la ligne Tram’bus 2.',
    goods: [
      { flatSize: 'T2', surface: 47.0, charges: 55, dpeKwh: 52, dpeKgco2: 3, enabled: true, floor: 'rez-de-chaussée' },
      { flatSize: 'T3', surface: 66.0, charges: 70, dpeKwh: 50, dpeKgco2: 3, enabled: true, floor: '1er étage' },
      { flatSize: 'T4bis', surface: 88.0, charges: 90, dpeKwh: 49, dpeKgco2: 3, enabled: true, floor: '2e étage', availableFrom: '2027-01-15' },
    ],
  },
  {
    name: 'Océan Capbreton',
    insee: '40065',
    status: 'published',
    neighborhood: 'La Pêcherie',
    address: '2 avenue du Président Pompidou',
    deliveryDate: '2026-06-30',
    floors: 4,
    advantages: ['no_agency_fees'],
    certifications: ['RE2020'],
    equipments: [0, 1, 2, 5, 6],
    description: 'Résidence neuve entre le port et le lac d’Hossegor, avec des appartements aux larges baies vitrées et une terrasse pour chacun.',
    district: 'Quartier de la Pêcherie, à 5 minutes du port de Capbreton et de l’estacade, commerces et marché à proximité.',
    goods: [
      { flatSize: 'studio', surface: 26.0, charges: 45, dpeKwh: 60, dpeKgco2: 4, enabled: true, floor: '1er étage' },
      { flatSize: 'T2', surface: 45.0, charges: 60, dpeKwh: 57, dpeKgco2: 4, enabled: true, floor: '2e étage' },
      { flatSize: 'T2bis', surface: 52.0, charges: 65, dpeKwh: 55, dpeKgco2: 3, enabled: true, floor: '3e étage', noticeEndsInMonths: 2 },
      { flatSize: 'T3', surface: 68.0, charges: 80, dpeKwh: 54, dpeKgco2: 3, enabled: true, floor: '4e étage' },
    ],
  },
  {
    name: 'Résidence Les Barthes',
    insee: '40273',
    status: 'draft',
    neighborhood: 'Bourg',
    address: '9 route de Biarrotte',
    deliveryDate: '2027-09-30',
    floors: 2,
    advantages: ['no_agency_fees'],
    certifications: ['RE2020'],
    equipments: [1, 3],
    description: 'Projet de 12 logements en lisière des Barthes de l’Adour, en préparation.',
    district: 'À proximité du bourg de Saint-Martin-de-Seignanx, de ses écoles et de ses commerces.',
    goods: [
      { flatSize: 'T3', surface: 64.0, charges: 70, dpeKwh: 50, dpeKgco2: 3, enabled: false, floor: 'rez-de-chaussée' },
      { flatSize: 'T4', surface: 80.0, charges: 85, dpeKwh: 48, dpeKgco2: 3, enabled: false, floor: '1er étage' },
    ],
  },
  {
    name: 'Résidence du Lac',
    insee: '40304',
    status: 'closed',
    closedLabel: 'Tous les logements sont attribués',
    neighborhood: 'Lac marin',
    address: '14 avenue du Touring Club',
    deliveryDate: '2022-07-01',
    floors: 3,
    advantages: ['no_agency_fees'],
    certifications: ['RT2012'],
    equipments: [0, 1, 2],
    description: 'Résidence de 20 logements au bord du lac marin d’Hossegor.',
    district: 'Entre le lac et l’océan, à proximité des commerces du centre d’Hossegor.',
    goods: [
      { flatSize: 'T2', surface: 44.0, charges: 60, dpeKwh: 130, dpeKgco2: 18, enabled: true, floor: '1er étage' },
      { flatSize: 'T3', surface: 62.0, charges: 75, dpeKwh: 128, dpeKgco2: 17, enabled: true, floor: '2e étage' },
    ],
  },
];
