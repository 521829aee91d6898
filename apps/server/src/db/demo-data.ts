// The demo marketplace as data: who is on it, what the two brands asked for and how each campaign went.
// seed.ts turns this into rows; seed.test.ts checks the invariants the API relies on.
import type { CAMPAIGN_NETWORKS } from '@app/shared/constants';

export type DemoInfluencer = {
  key: InfluencerKey;
  email: string;
  name: string;
  lastname: string;
  socials: Record<string, string>;
  followers: Record<string, number>;
  /** Among the 8 categories the screens offer (the server refuses the others). */
  categories: string[];
};

/**
 * Social accounts (issue 13): each demo influencer's YouTube, TikTok and Instagram handle is a verified account with
 * `followers` (the social emulator has the same accounts), except this one, whose code is still waiting to be placed.
 * Facebook and LinkedIn handles stay handles only, without numbers.
 */
export const DEMO_PENDING = { key: 'davit', platform: 'youtube' } as const;

export const DEMO_INFLUENCERS: DemoInfluencer[] = [
  {
    key: 'nino',
    email: 'influencer@demo.test',
    name: 'Nino',
    lastname: 'Beridze',
    socials: { instagram: 'nino.styles', tiktok: 'ninostyles' },
    followers: { instagram: 48_200, tiktok: 125_000 },
    categories: ['Fashion & Style', 'Beauty & Makeup'],
  },
  {
    key: 'giorgi',
    email: 'giorgi.kapanadze@demo.test',
    name: 'Giorgi',
    lastname: 'Kapanadze',
    socials: { youtube: '@giorgitech', instagram: 'giorgi.tech' },
    followers: { youtube: 312_000, instagram: 21_400 },
    categories: ['Technology', 'Gaming'],
  },
  {
    key: 'mariam',
    email: 'mariam.lomidze@demo.test',
    name: 'Mariam',
    lastname: 'Lomidze',
    socials: { instagram: 'mariam.eats', tiktok: 'mariameats', facebook: 'MariamEatsTbilisi' },
    followers: { instagram: 86_900, tiktok: 54_300, facebook: 12_100 },
    categories: ['Food & Cooking', 'Travel & Lifestyle'],
  },
  {
    key: 'luka',
    email: 'luka.tsiklauri@demo.test',
    name: 'Luka',
    lastname: 'Tsiklauri',
    socials: { youtube: '@lukafit', instagram: 'luka.fit' },
    followers: { youtube: 1_240_000, instagram: 402_000 },
    categories: ['Fitness & Health', 'Travel & Lifestyle'],
  },
  {
    key: 'ana',
    email: 'ana.gelashvili@demo.test',
    name: 'Ana',
    lastname: 'Gelashvili',
    socials: { tiktok: 'anagela', instagram: 'ana.gela' },
    followers: { tiktok: 2_350_000, instagram: 611_000 },
    categories: ['Music & Entertainment', 'Fashion & Style'],
  },
  {
    key: 'davit',
    email: 'davit.chkheidze@demo.test',
    name: 'Davit',
    lastname: 'Chkheidze',
    socials: { instagram: 'davit.travels', youtube: '@davittravels' },
    followers: { instagram: 73_500, youtube: 18_900 },
    categories: ['Travel & Lifestyle', 'Technology'],
  },
  {
    key: 'salome',
    email: 'salome.jorjadze@demo.test',
    name: 'Salome',
    lastname: 'Jorjadze',
    socials: { instagram: 'salome.glow', tiktok: 'salomeglow' },
    followers: { instagram: 156_000, tiktok: 98_700 },
    categories: ['Beauty & Makeup', 'Fitness & Health'],
  },
  {
    key: 'irakli',
    email: 'irakli.mamaladze@demo.test',
    name: 'Irakli',
    lastname: 'Mamaladze',
    socials: { youtube: '@iraklplays', tiktok: 'iraklplays' },
    followers: { youtube: 540_000, tiktok: 233_000 },
    categories: ['Gaming', 'Music & Entertainment'],
  },
  {
    key: 'tamar',
    email: 'tamar.abashidze@demo.test',
    name: 'Tamar',
    lastname: 'Abashidze',
    socials: { instagram: 'tamar.home', facebook: 'TamarHomeDesign' },
    followers: { instagram: 39_800, facebook: 27_600 },
    categories: ['Travel & Lifestyle', 'Food & Cooking'],
  },
  {
    key: 'nika',
    email: 'nika.kvaratskhelia@demo.test',
    name: 'Nika',
    lastname: 'Kvaratskhelia',
    socials: { tiktok: 'nika.moves', instagram: 'nika.moves', youtube: '@nikamoves' },
    followers: { tiktok: 880_000, instagram: 245_000, youtube: 61_000 },
    categories: ['Fitness & Health', 'Music & Entertainment'],
  },
  {
    key: 'elene',
    email: 'elene.dolidze@demo.test',
    name: 'Elene',
    lastname: 'Dolidze',
    socials: { instagram: 'elene.codes', linkedin: 'elene-dolidze' },
    followers: { instagram: 12_300, linkedin: 8_400 },
    categories: ['Technology', 'Fashion & Style'],
  },
  {
    key: 'sandro',
    email: 'sandro.meladze@demo.test',
    name: 'Sandro',
    lastname: 'Meladze',
    socials: { youtube: '@sandrocooks', facebook: 'SandroCooks' },
    followers: { youtube: 97_000, facebook: 44_200 },
    categories: ['Food & Cooking', 'Music & Entertainment'],
  },
];

export type InfluencerKey =
  | 'nino'
  | 'giorgi'
  | 'mariam'
  | 'luka'
  | 'ana'
  | 'davit'
  | 'salome'
  | 'irakli'
  | 'tamar'
  | 'nika'
  | 'elene'
  | 'sandro';

export type DemoClientKey = 'levan' | 'nata';

type Stars = 3 | 4 | 5;

export type DemoCampaign = {
  client: DemoClientKey;
  network: (typeof CAMPAIGN_NETWORKS)[number];
  title: string;
  description: string;
  budgetGel: number;
  /** Days after the seed's business date (Asia/Tbilisi); null: no deadline. */
  deadlineInDays: number | null;
  createdDaysAgo: number;
  uploadLink?: string;
  /**
   * open: hiring (an accepted application here means an order awaiting payment); done: paid, delivered, approved and
   * rated; canceled: the brand withdrew it and turned its applicants down.
   */
  status: 'open' | 'done' | 'canceled';
  applications: { by: InfluencerKey; status: 'pending' | 'accepted' | 'rejected' }[];
  invitations?: { to: InfluencerKey; status: 'pending' | 'applied' | 'declined'; message: string | null }[];
  /**
   * open with a hire only: how far the order has gone. It is played through the real flows on first start (paid on
   * the bank's card page, then started, submitted, sent back) so the hold really exists at the bank (demo-orders.ts).
   */
  progress?: 'paid' | 'working' | 'submitted' | 'changes_requested' | 'paid_out';
  /** done only: the brand's stars for the hired influencer and, when given, the influencer's for the brand. */
  review?: { rating: Stars; comment: string | null; back?: { rating: Stars; comment: string | null } };
};

export const DEMO_CAMPAIGNS: DemoCampaign[] = [
  // Levan Jikia (client@demo.test): hiring now.
  {
    client: 'levan',
    network: 'instagram',
    title: 'Rkatsiteli harvest: wine tasting Reel',
    description:
      'We are opening the doors of our family marani in Telavi for the harvest weekend. Film a 30 to 45 second Reel of the tasting: the qvevri cellar, the Rkatsiteli and Saperavi flights and the view over the Alazani valley. Tag the winery, mention the harvest-weekend tickets and keep it honest: we want your own reaction, not a script. Transport from Tbilisi and lunch are on us.',
    budgetGel: 1200,
    deadlineInDays: 14,
    createdDaysAgo: 3,
    uploadLink: 'https://files.influence.ge/briefs/harvest-weekend.pdf',
    status: 'open',
    applications: [
      { by: 'mariam', status: 'pending' },
      { by: 'tamar', status: 'pending' },
      { by: 'davit', status: 'pending' },
      { by: 'salome', status: 'pending' },
    ],
  },
  {
    client: 'levan',
    network: 'tiktok',
    title: 'Back-to-school sneakers: 3 looks in 30 s',
    description:
      'Three outfits built around our new canvas sneakers, filmed in one take. Music from the TikTok library; the shop link stays in your bio for two weeks.',
    budgetGel: 800,
    deadlineInDays: 10,
    createdDaysAgo: 5,
    status: 'open',
    applications: [
      { by: 'nino', status: 'pending' },
      { by: 'ana', status: 'pending' },
      { by: 'nika', status: 'pending' },
    ],
  },
  {
    client: 'levan',
    network: 'youtube',
    title: 'Smart home hub review in Georgian',
    description:
      'A 6 to 10 minute review of our smart home hub, in Georgian with English subtitles. Show the setup from unboxing to the first automation, test it with the lights and the boiler, and tell your viewers what you did not like as well. We send the device a week before filming and you keep it afterwards.',
    budgetGel: 2500,
    deadlineInDays: null,
    createdDaysAgo: 8,
    status: 'open',
    applications: [
      { by: 'giorgi', status: 'pending' },
      { by: 'irakli', status: 'pending' },
      { by: 'nika', status: 'pending' },
    ],
  },
  {
    client: 'levan',
    network: 'instagram',
    title: 'Autumn capsule wardrobe lookbook',
    description:
      'A carousel and two stories with five pieces from our autumn capsule, styled for Tbilisi weather: a wool coat, knitwear and boots. Shoot outdoors in Sololaki or Vera; we lend the clothes for a week.',
    budgetGel: 1500,
    deadlineInDays: 21,
    createdDaysAgo: 12,
    status: 'open',
    applications: [
      { by: 'nino', status: 'accepted' },
      { by: 'salome', status: 'rejected' },
      { by: 'ana', status: 'rejected' },
    ],
  },
  // The demo influencer's orders at every stage after payment (played through the bank on first start).
  {
    client: 'levan',
    network: 'instagram',
    title: 'Churchkhela street food guide',
    description:
      'Three stories from the Dezerter market: how churchkhela is dipped, dried and sold, with our stall at the end. Keep it warm and local; we cover the tasting.',
    budgetGel: 350,
    deadlineInDays: 18,
    createdDaysAgo: 9,
    status: 'open',
    progress: 'paid',
    applications: [
      { by: 'nino', status: 'accepted' },
      { by: 'mariam', status: 'rejected' },
    ],
  },
  {
    client: 'levan',
    network: 'tiktok',
    title: 'Fabrika courtyard weekend',
    description:
      'A TikTok from the Fabrika courtyard on a Saturday night: the bars, the murals, the hostel rooftop. Keep it fast and bright; tag us and the courtyard.',
    budgetGel: 450,
    deadlineInDays: 5,
    createdDaysAgo: 24,
    status: 'open',
    progress: 'paid_out',
    applications: [{ by: 'nino', status: 'accepted' }],
  },
  {
    client: 'nata',
    network: 'tiktok',
    title: 'Sulfur baths spa evening',
    description:
      'A calm TikTok from our Abanotubani bathhouse: the domes at dusk, the private room, the kisi scrub. No faces of other guests; we book the room for you and a friend.',
    budgetGel: 800,
    deadlineInDays: 16,
    createdDaysAgo: 11,
    status: 'open',
    progress: 'working',
    applications: [{ by: 'nino', status: 'accepted' }],
  },
  {
    client: 'levan',
    network: 'instagram',
    title: 'Ceramics workshop in Sololaki',
    description:
      'Join a two-hour pottery class at our Sololaki studio and post a carousel of the wheel, the glazes and your finished cup. Mention the weekend classes and the link in our bio.',
    budgetGel: 600,
    deadlineInDays: 10,
    createdDaysAgo: 15,
    status: 'open',
    progress: 'submitted',
    applications: [
      { by: 'nino', status: 'accepted' },
      { by: 'tamar', status: 'rejected' },
    ],
  },
  {
    client: 'nata',
    network: 'instagram',
    title: 'Winter coat try-on haul',
    description:
      'Try on four coats from the new winter line in our Vera store and post a Reel with honest notes on warmth and fit. Tag the store and the coat names.',
    budgetGel: 950,
    deadlineInDays: 12,
    createdDaysAgo: 13,
    status: 'open',
    progress: 'changes_requested',
    applications: [{ by: 'nino', status: 'accepted' }],
  },
  {
    client: 'levan',
    network: 'facebook',
    title: 'Khachapuri week at our Vake bakery',
    description:
      'Come to the bakery on Chavchavadze Avenue during khachapuri week, try the Adjarian and the Megrelian, and post a photo album with an honest caption. Our page shares every post.',
    budgetGel: 400,
    deadlineInDays: 7,
    createdDaysAgo: 2,
    status: 'open',
    applications: [
      { by: 'sandro', status: 'pending' },
      { by: 'mariam', status: 'pending' },
    ],
  },
  {
    client: 'levan',
    network: 'tiktok',
    title: 'Gudauri ski pass giveaway',
    description:
      'Announce our season-pass giveaway from the slopes in Gudauri: one TikTok on the first snow weekend, the rules on screen (follow, comment, tag a friend) and a reminder the day before the draw. Ski passes, rental and a night at the hotel for you are included, on top of the fee.',
    budgetGel: 3000,
    deadlineInDays: 30,
    createdDaysAgo: 1,
    status: 'open',
    applications: [{ by: 'ana', status: 'pending' }],
    invitations: [
      {
        to: 'nino',
        status: 'pending',
        message: 'Nino, your winter looks would be perfect for Gudauri. Would you join us for the first snow weekend?',
      },
      { to: 'nika', status: 'pending', message: null },
      { to: 'ana', status: 'applied', message: 'We would like to invite you to participate in our campaign.' },
    ],
  },
  // Levan's history.
  {
    client: 'levan',
    network: 'tiktok',
    title: 'Tbilisi Open Air festival teaser',
    description:
      'A teaser for the festival line-up announcement: 15 seconds, our sound, your dance. Posted the evening the line-up goes live.',
    budgetGel: 2000,
    deadlineInDays: -40,
    createdDaysAgo: 75,
    status: 'done',
    applications: [
      { by: 'ana', status: 'accepted' },
      { by: 'irakli', status: 'rejected' },
    ],
    review: {
      rating: 5,
      comment: 'Brilliant energy: the teaser passed 400K views in two days.',
      back: { rating: 5, comment: 'Clear brief and quick feedback.' },
    },
  },
  {
    client: 'levan',
    network: 'youtube',
    title: 'Mtatsminda Park family day vlog',
    description:
      'A family-day vlog at Mtatsminda Park: the funicular, the Ferris wheel at sunset and the new playground. 8 to 12 minutes, tickets for four included.',
    budgetGel: 1800,
    deadlineInDays: null,
    createdDaysAgo: 60,
    status: 'done',
    applications: [{ by: 'davit', status: 'accepted' }],
    review: { rating: 4, comment: 'Beautiful footage; the edit took one extra round.' },
  },
  {
    client: 'levan',
    network: 'instagram',
    title: 'New espresso blend launch',
    description:
      'Stories from our roastery in Didube and a Reel of your morning coffee with the new blend. Discount code for your followers.',
    budgetGel: 600,
    deadlineInDays: -30,
    createdDaysAgo: 50,
    status: 'done',
    applications: [
      { by: 'nino', status: 'accepted' },
      { by: 'salome', status: 'rejected' },
    ],
    review: {
      rating: 5,
      comment: "Nino's stories sold out the first batch in a weekend.",
      back: { rating: 5, comment: null },
    },
  },
  {
    client: 'levan',
    network: 'instagram',
    title: 'Tbilisi Marathon running club',
    description:
      'Invite your followers to our Saturday running club ahead of the Tbilisi Marathon: one Reel from a training run on the Rike embankment and stories on race day.',
    budgetGel: 1000,
    deadlineInDays: null,
    createdDaysAgo: 45,
    status: 'done',
    applications: [
      { by: 'luka', status: 'accepted' },
      { by: 'nika', status: 'rejected' },
    ],
    review: { rating: 5, comment: null },
  },
  {
    client: 'levan',
    network: 'youtube',
    title: 'Flagship phone camera comparison',
    description:
      'Compare the cameras of three flagship phones on the streets of Old Tbilisi, day and night. Our store lends the phones; your verdict stays yours.',
    budgetGel: 2200,
    deadlineInDays: -15,
    createdDaysAgo: 40,
    status: 'done',
    applications: [
      { by: 'giorgi', status: 'accepted' },
      { by: 'irakli', status: 'rejected' },
    ],
    review: { rating: 5, comment: 'Thorough, fair and on time.' },
  },
  {
    client: 'levan',
    network: 'instagram',
    title: 'Restaurant week in Sololaki',
    description: 'Visit three restaurants of Sololaki restaurant week and post a carousel of your favourite dishes.',
    budgetGel: 700,
    deadlineInDays: -25,
    createdDaysAgo: 35,
    status: 'done',
    applications: [{ by: 'mariam', status: 'accepted' }],
    review: { rating: 4, comment: 'Mouth-watering photos; the captions needed a second pass.' },
  },
  {
    client: 'levan',
    network: 'facebook',
    title: 'New Year gift boxes: live sale',
    description:
      'Host a one-hour Facebook live from our shop on Rustaveli Avenue presenting the New Year gift boxes, with a giveaway at the end of the stream.',
    budgetGel: 900,
    deadlineInDays: -60,
    createdDaysAgo: 90,
    status: 'done',
    applications: [{ by: 'tamar', status: 'accepted' }],
    review: { rating: 3, comment: 'Good reach, but the live started twenty minutes late.' },
  },

  // Nata Kobakhidze (brand@demo.test): hiring now.
  {
    client: 'nata',
    network: 'instagram',
    title: 'Sea buckthorn face oil: honest review',
    description:
      'Our cold-pressed sea buckthorn oil comes from Samtskhe-Javakheti. Use it for two weeks, then post a Reel and three stories with your honest before-and-after: texture, scent, how your skin reacted. No filters on the skin shots, please. We ship two bottles, one for a giveaway among your followers.',
    budgetGel: 900,
    deadlineInDays: 12,
    createdDaysAgo: 4,
    status: 'open',
    applications: [
      { by: 'salome', status: 'pending' },
      { by: 'nino', status: 'pending' },
      { by: 'ana', status: 'pending' },
    ],
    invitations: [{ to: 'elene', status: 'declined', message: 'Would you try our face oil and tell your followers?' }],
  },
  {
    client: 'nata',
    network: 'tiktok',
    title: 'Churchkhela snack box challenge',
    description:
      'Start a blind-tasting challenge with our churchkhela snack box: walnut, hazelnut and the new chocolate one. Tag two friends to continue it.',
    budgetGel: 1500,
    deadlineInDays: 18,
    createdDaysAgo: 6,
    status: 'open',
    applications: [
      { by: 'mariam', status: 'pending' },
      { by: 'nika', status: 'pending' },
    ],
  },
  {
    client: 'nata',
    network: 'youtube',
    title: 'Svaneti hiking gear field test',
    description:
      'Take our backpack, jacket and trekking poles on the Mestia to Ushguli trek and tell us how they held up. We want a 10 to 15 minute video with real trail conditions: rain, river crossings and the Chkhutnieri pass. Travel costs to Mestia are covered separately, and the gear is yours to keep.',
    budgetGel: 4000,
    deadlineInDays: null,
    createdDaysAgo: 9,
    status: 'open',
    applications: [
      { by: 'davit', status: 'pending' },
      { by: 'luka', status: 'pending' },
    ],
    invitations: [
      { to: 'davit', status: 'applied', message: 'Your Svaneti videos are the reason we made this brief.' },
    ],
  },
  {
    client: 'nata',
    network: 'facebook',
    title: 'Family-size detergent: Facebook live',
    description:
      'A 20 minute live comparing our family-size detergent with what you use now, on a real week of laundry. Questions from viewers welcome.',
    budgetGel: 350,
    deadlineInDays: 5,
    createdDaysAgo: 3,
    status: 'open',
    applications: [
      { by: 'tamar', status: 'pending' },
      { by: 'sandro', status: 'pending' },
    ],
  },
  {
    client: 'nata',
    network: 'tiktok',
    title: 'Lip tint launch: Tbilisi street test',
    description:
      'Ask people on Rustaveli Avenue to try our three new lip tint shades and pick a favourite. Fast cuts, trending sound, shade names on screen.',
    budgetGel: 1200,
    deadlineInDays: 9,
    createdDaysAgo: 11,
    status: 'open',
    applications: [
      { by: 'salome', status: 'accepted' },
      { by: 'nino', status: 'rejected' },
      { by: 'ana', status: 'rejected' },
    ],
  },
  {
    client: 'nata',
    network: 'youtube',
    title: 'Esports café opening night stream',
    description:
      'Stream the opening night of our esports café in Saburtalo: a showmatch against the regulars, a tour of the setup and the opening-week prices.',
    budgetGel: 5000,
    deadlineInDays: 25,
    createdDaysAgo: 2,
    status: 'open',
    applications: [
      { by: 'irakli', status: 'pending' },
      { by: 'giorgi', status: 'pending' },
    ],
    invitations: [{ to: 'giorgi', status: 'applied', message: null }],
  },
  {
    client: 'nata',
    network: 'instagram',
    title: 'Mineral water summer picnic',
    description:
      'A summer picnic by the Tbilisi Sea with our sparkling mineral water: one Reel and a carousel, natural light, friends and food in frame.',
    budgetGel: 1000,
    deadlineInDays: 45,
    createdDaysAgo: 0.5,
    status: 'open',
    applications: [],
    invitations: [{ to: 'luka', status: 'pending', message: 'A picnic after your Sunday run?' }],
  },
  {
    client: 'nata',
    network: 'instagram',
    title: 'Black Friday flash sale stories',
    description: 'Stories counting down our Black Friday flash sale. Withdrawn: the stock sold out in pre-orders.',
    budgetGel: 500,
    deadlineInDays: null,
    createdDaysAgo: 30,
    status: 'canceled',
    applications: [
      { by: 'ana', status: 'rejected' },
      { by: 'elene', status: 'rejected' },
    ],
  },
  // Nata's history.
  {
    client: 'nata',
    network: 'instagram',
    title: 'Winter skincare routine',
    description:
      'Your evening routine for cold Tbilisi winters with our cleanser, serum and night cream. A Reel plus a saved story highlight.',
    budgetGel: 1100,
    deadlineInDays: -50,
    createdDaysAgo: 80,
    status: 'done',
    applications: [
      { by: 'salome', status: 'accepted' },
      { by: 'elene', status: 'rejected' },
    ],
    review: {
      rating: 5,
      comment: "Salome's routine video is still our best-performing post.",
      back: { rating: 4, comment: 'Friendly team; payment was quick.' },
    },
  },
  {
    client: 'nata',
    network: 'youtube',
    title: 'Georgian herbal tea unboxing',
    description: 'Unbox our herbal tea set (thyme, mint, linden) and brew each one the way your grandmother would.',
    budgetGel: 800,
    deadlineInDays: null,
    createdDaysAgo: 65,
    status: 'done',
    applications: [{ by: 'sandro', status: 'accepted' }],
    review: { rating: 4, comment: null },
  },
  {
    client: 'nata',
    network: 'tiktok',
    title: 'Hand cream for cold hands',
    description: 'A short, funny TikTok about cold hands on the morning metro and the hand cream that saves them.',
    budgetGel: 500,
    deadlineInDays: -35,
    createdDaysAgo: 55,
    status: 'done',
    applications: [
      { by: 'nino', status: 'accepted' },
      { by: 'ana', status: 'rejected' },
    ],
    review: {
      rating: 4,
      comment: 'Lovely content, delivered a day late.',
      back: { rating: 5, comment: 'Great brand to work with.' },
    },
  },
  {
    client: 'nata',
    network: 'instagram',
    title: 'Spring gym membership promo',
    description: 'Train at our partner gym in Saburtalo and share the spring membership offer in a Reel and stories.',
    budgetGel: 1300,
    deadlineInDays: -20,
    createdDaysAgo: 42,
    status: 'done',
    applications: [
      { by: 'nika', status: 'accepted' },
      { by: 'luka', status: 'rejected' },
    ],
    review: { rating: 5, comment: 'Great energy, and the promo code was used 300 times.' },
  },
  {
    client: 'nata',
    network: 'youtube',
    title: 'Gaming chair: 30-day review',
    description: 'Play on our gaming chair for 30 days and review it: comfort, build quality and assembly.',
    budgetGel: 1600,
    deadlineInDays: null,
    createdDaysAgo: 38,
    status: 'done',
    applications: [
      { by: 'irakli', status: 'accepted' },
      { by: 'giorgi', status: 'rejected' },
    ],
    review: { rating: 4, comment: 'Honest review; the audience loved the assembly speed-run.' },
  },
  {
    client: 'nata',
    network: 'facebook',
    title: 'Kakheti wine road trip',
    description: 'A weekend road trip through Kakheti with our picnic range: photo album and two posts.',
    budgetGel: 1200,
    deadlineInDays: -10,
    createdDaysAgo: 33,
    status: 'done',
    applications: [
      { by: 'tamar', status: 'accepted' },
      { by: 'mariam', status: 'rejected' },
    ],
    review: { rating: 3, comment: 'Nice photos, fewer posts than agreed.' },
  },
  {
    client: 'nata',
    network: 'tiktok',
    title: 'Dance challenge for our new juice',
    description: 'Launch a dance challenge for our pomegranate juice with a hook that is easy to copy.',
    budgetGel: 2000,
    deadlineInDays: -45,
    createdDaysAgo: 70,
    status: 'done',
    applications: [{ by: 'ana', status: 'accepted' }],
    review: { rating: 5, comment: 'Over 2,000 duets in the first week.' },
  },
  {
    client: 'nata',
    network: 'instagram',
    title: 'Homemade adjika recipe Reel',
    description: 'Cook your adjika with our Svanetian salt and share the recipe in a Reel.',
    budgetGel: 450,
    deadlineInDays: null,
    createdDaysAgo: 28,
    status: 'done',
    applications: [{ by: 'mariam', status: 'accepted' }],
    review: { rating: 5, comment: 'Authentic and delicious.' },
  },
];
