// French and Spanish text of every seeded product and wallet card (docs/decisions/0034-translated-content.md): one
// whole record per language in product_texts and card_texts. Hotel and resort names are brands and cities keep their
// local names; activity and stay names are descriptions and are translated. Runs after the inventory (04) it reads.
import { q } from '../index.mjs';
import { campaigns as SEED_CAMPAIGNS } from './05-loyalty.mjs';
import { ACTIVITIES, AMENITIES, CARDS as SEED_CARDS, CITIES, description, HOTELS, MORE_HOTELS, RESORTS, STAYS } from './04-booking.mjs';

const NB = '\u00a0'; // French puts a no-break space before ':' and ';'.

export const AMENITY = {
  'Free Wi-Fi': ['Wi-Fi gratuit', 'Wifi gratis'],
  'Breakfast available': ['Petit-déjeuner disponible', 'Desayuno disponible'],
  '24-hour front desk': ['Réception ouverte 24 h/24', 'Recepción 24 horas'],
  'Air conditioning': ['Climatisation', 'Aire acondicionado'],
  'Fitness centre': ['Salle de sport', 'Gimnasio'],
  'Non-smoking rooms': ['Chambres non-fumeurs', 'Habitaciones para no fumadores'],
  'Instant confirmation': ['Confirmation immédiate', 'Confirmación inmediata'],
  'Free cancellation up to 24 hours': ['Annulation gratuite jusqu’à 24 heures avant', 'Cancelación gratuita hasta 24 horas antes'],
  'English-speaking guide': ['Guide anglophone', 'Guía de habla inglesa'],
  'Mobile ticket': ['Billet sur mobile', 'Entrada en el móvil'],
  'All meals included': ['Tous les repas compris', 'Todas las comidas incluidas'],
  Pools: ['Piscines', 'Piscinas'],
  Spa: ['Spa', 'Spa'],
  'Kids’ club': ['Club enfants', 'Club infantil'],
  'Airport transfer': ['Transfert aéroport', 'Traslado al aeropuerto'],
  'Whole home': ['Logement entier', 'Alojamiento entero'],
  Kitchen: ['Cuisine', 'Cocina'],
  'Washing machine': ['Lave-linge', 'Lavadora'],
  'Self check-in': ['Arrivée autonome', 'Llegada autónoma'],
};

// English name → [French name, Spanish name] where the name is translated (activities and stays).
const NAME = {
  'Central Park Bike Tour': ['Central Park à vélo', 'Central Park en bicicleta'],
  'Seine Sunset Cruise': ['Croisière sur la Seine au coucher du soleil', 'Crucero por el Sena al atardecer'],
  'Louvre Highlights Guided Visit': ['Visite guidée des chefs-d’œuvre du Louvre', 'Visita guiada a las obras maestras del Louvre'],
  'Tower of London Early Entry': [`Tour de Londres${NB}: accès avant l’ouverture`, 'Torre de Londres: acceso anticipado'],
  'Sagrada Família Fast-Track Tour': [`Sagrada Família${NB}: visite coupe-file`, 'Sagrada Família: visita sin colas'],
  'Colosseum Underground Tour': ['Visite des souterrains du Colisée', 'Visita a los subterráneos del Coliseo'],
  'Tsukiji Market Food Walk': ['Balade gourmande au marché de Tsukiji', 'Ruta gastronómica por el mercado de Tsukiji'],
  'Sintra Day Trip': ['Excursion d’une journée à Sintra', 'Excursión de un día a Sintra'],
  'Isla Mujeres Catamaran Sail': ['Isla Mujeres en catamaran', 'Isla Mujeres en catamarán'],
  'Everglades Airboat Ride': ['Les Everglades en hydroglisseur', 'Los Everglades en hidrodeslizador'],
  'Diamond Head Sunrise Hike': ['Randonnée sur Diamond Head au lever du soleil', 'Caminata al amanecer en Diamond Head'],
  'Sydney Harbour BridgeClimb': ['Ascension du Harbour Bridge de Sydney', 'Escalada del Harbour Bridge de Sydney'],
  'Montmartre Artist’s Loft': ['Loft d’artiste à Montmartre', 'Loft de artista en Montmartre'],
  'Notting Hill Mews House': ['Maison de ruelle à Notting Hill', 'Casa en callejuela de Notting Hill'],
  'Alfama Tiled Apartment': ['Appartement aux azulejos dans l’Alfama', 'Apartamento de azulejos en Alfama'],
  'Gràcia Courtyard Flat': ['Appartement sur cour à Gràcia', 'Piso con patio en Gràcia'],
  'Monti Roman Penthouse': ['Penthouse romain à Monti', 'Ático romano en Monti'],
  'Brooklyn Brownstone Garden Duplex': ['Duplex avec jardin à Brooklyn', 'Dúplex con jardín en Brooklyn'],
  'Shimokitazawa Machiya House': ['Maison traditionnelle à Shimokitazawa', 'Casa tradicional en Shimokitazawa'],
  'Paddington Terrace House': ['Maison de ville à Paddington', 'Casa adosada en Paddington'],
  'Tulum Beach Casita': ['Petite maison de plage à Tulum', 'Casita de playa en Tulum'],
  'Manoa Valley Cottage': ['Cottage dans la vallée de Manoa', 'Cabaña en el valle de Manoa'],
};

// English "what makes it special" → [French, Spanish].
const SPECIAL = {
  'a Pombaline townhouse with rooms from singles to family suites': ['une maison pombaline aux chambres allant de la simple à la suite familiale', 'una casa pombalina con habitaciones desde individuales hasta suites familiares'],
  'a hidden garden and half-board dinners under the cedar': ['un jardin caché et des dîners en demi-pension sous le cèdre', 'un jardín escondido y cenas de media pensión bajo el cedro'],
  'a rooftop bar above Times Square and soundproofed rooms': ['un bar sur le toit au-dessus de Times Square et des chambres insonorisées', 'un bar en la azotea sobre Times Square y habitaciones insonorizadas'],
  'a quiet courtyard garden a block from Gramercy Park': ['un jardin intérieur paisible à une rue de Gramercy Park', 'un tranquilo jardín interior a una manzana de Gramercy Park'],
  'a 17th-century townhouse with exposed beams': ['un hôtel particulier du XVIIe siècle aux poutres apparentes', 'una casa señorial del siglo XVII con vigas vistas'],
  'a book-lined salon and breakfast in a vaulted cellar': ['un salon tapissé de livres et le petit-déjeuner servi dans une cave voûtée', 'un salón lleno de libros y desayuno en una bodega abovedada'],
  'Victorian townhouse rooms steps from the museums': ['des chambres dans une maison victorienne à deux pas des musées', 'habitaciones en una casa victoriana a pocos pasos de los museos'],
  'river views of St Paul’s from every suite': ['une vue sur la Tamise et la cathédrale Saint-Paul depuis chaque suite', 'vistas al río y a la catedral de San Pablo desde cada suite'],
  'a plunge pool on a terrace over the Gothic Quarter': ['un bassin sur une terrasse qui domine le quartier gothique', 'una piscina de inmersión en una terraza sobre el Barrio Gótico'],
  'tiled Modernista interiors near Casa Batlló': ['des intérieurs modernistes carrelés près de la Casa Batlló', 'interiores modernistas de mosaico cerca de la Casa Batlló'],
  'a breakfast terrace facing the Pantheon dome': ['une terrasse pour le petit-déjeuner face à la coupole du Panthéon', 'una terraza de desayunos frente a la cúpula del Panteón'],
  'a lemon-tree garden in the liveliest quarter': ['un jardin de citronniers dans le quartier le plus animé', 'un jardín de limoneros en el barrio más animado'],
  'views of Mount Fuji on clear mornings': ['une vue sur le mont Fuji les matins de beau temps', 'vistas al monte Fuji en las mañanas despejadas'],
  'tatami rooms, cypress baths and kaiseki dinners': ['des chambres à tatamis, des bains en cyprès et des dîners kaiseki', 'habitaciones de tatami, baños de ciprés y cenas kaiseki'],
  'a lookout terrace over the Tagus': ['une terrasse panoramique sur le Tage', 'una terraza mirador sobre el Tajo'],
  'azulejo-tiled rooms above historic cafés': ['des chambres ornées d’azulejos au-dessus de cafés historiques', 'habitaciones con azulejos sobre cafés históricos'],
  'a private strip of white-sand beach': ['une plage privée de sable blanc', 'una franja privada de playa de arena blanca'],
  'a lakeside pool in downtown Orlando': ['une piscine au bord du lac en plein centre d’Orlando', 'una piscina junto al lago en el centro de Orlando'],
  'lanai rooms facing Diamond Head': ['des chambres avec lanai face à Diamond Head', 'habitaciones con lanai frente a Diamond Head'],
  'Opera House views across Circular Quay': ['une vue sur l’Opéra de l’autre côté de Circular Quay', 'vistas a la Ópera al otro lado de Circular Quay'],
  'surfboards to borrow and sunrise yoga on the sand': ['des planches de surf à emprunter et du yoga sur le sable au lever du soleil', 'tablas de surf en préstamo y yoga al amanecer sobre la arena'],
  'an infinity pool on the 40th floor': ['une piscine à débordement au 40e étage', 'una piscina infinita en la planta 40'],
  'restored Art Deco rooms on Ocean Drive': ['des chambres Art déco restaurées sur Ocean Drive', 'habitaciones art déco restauradas en Ocean Drive'],
  'loft rooms with factory windows and oak floors': ['des chambres-lofts aux grandes verrières d’atelier et aux parquets de chêne', 'habitaciones tipo loft con ventanales industriales y suelos de roble'],
  'two hours by bike past Bethesda Fountain and Strawberry Fields': ['deux heures à vélo, de la fontaine Bethesda à Strawberry Fields', 'dos horas en bicicleta por la fuente Bethesda y Strawberry Fields'],
  'an hour on the river as the Eiffel Tower lights up': ['une heure sur le fleuve à l’heure où la tour Eiffel s’illumine', 'una hora por el río mientras se ilumina la torre Eiffel'],
  'skip-the-line entry and the Mona Lisa without the crush': ['un accès coupe-file et la Joconde sans la cohue', 'entrada sin colas y la Mona Lisa sin aglomeraciones'],
  'the Crown Jewels before the crowds arrive': ['les joyaux de la Couronne avant l’arrivée de la foule', 'las joyas de la Corona antes de que llegue la multitud'],
  'Gaudí’s basilica with a local architect guide': ['la basilique de Gaudí avec un architecte du quartier pour guide', 'la basílica de Gaudí con un arquitecto local como guía'],
  'the arena floor and the gladiators’ tunnels': ['l’arène et les galeries des gladiateurs', 'la arena y los túneles de los gladiadores'],
  'twelve tastings from tamagoyaki to fresh tuna': ['douze dégustations, du tamagoyaki au thon frais', 'doce degustaciones, del tamagoyaki al atún fresco'],
  'Pena Palace, the Moorish Castle and a coastal drive': ['le palais de Pena, le château des Maures et la route de la côte', 'el Palacio da Pena, el Castillo de los Moros y una ruta por la costa'],
  'snorkelling, an open bar and a beach-club lunch': ['du snorkeling, des boissons à volonté et un déjeuner dans un club de plage', 'esnórquel, barra libre y almuerzo en un club de playa'],
  'alligators and sawgrass at full speed': ['alligators et herbes des marais à toute allure', 'caimanes y pantanos a toda velocidad'],
  'the crater rim at first light with a ranger guide': ['le bord du cratère aux premières lueurs, avec un garde forestier pour guide', 'el borde del cráter con las primeras luces, guiado por un guardabosques'],
  'the summit of the bridge 134 metres above the harbour': ['le sommet du pont, à 134 mètres au-dessus de la baie', 'la cima del puente, a 134 metros sobre la bahía'],
  'five pools, a cenote-inspired spa and all meals included': ['cinq piscines, un spa inspiré des cénotes et tous les repas compris', 'cinco piscinas, un spa inspirado en los cenotes y todas las comidas incluidas'],
  'a reef you can snorkel from the beach': ['un récif à explorer avec masque et tuba depuis la plage', 'un arrecife para hacer esnórquel desde la playa'],
  'treehouse villas above a private lagoon': ['des villas perchées au-dessus d’un lagon privé', 'villas en los árboles sobre una laguna privada'],
  'a lazy river, water slides and park shuttles': ['une rivière tranquille, des toboggans aquatiques et des navettes vers les parcs', 'un río tranquilo, toboganes acuáticos y traslados a los parques'],
  'two championship courses and a lakeside spa': ['deux parcours de championnat et un spa au bord du lac', 'dos campos de campeonato y un spa junto al lago'],
  'four calm lagoons and luau nights': ['quatre lagons paisibles et des soirées luau', 'cuatro lagunas tranquilas y noches de luau'],
  'surf lessons on the legendary North Shore': ['des cours de surf sur la légendaire North Shore', 'clases de surf en la legendaria North Shore'],
  'a mile of beach and a mangrove kayak trail': ['plus d’un kilomètre de plage et un parcours en kayak dans la mangrove', 'más de un kilómetro de playa y una ruta en kayak por los manglares'],
  'a ferry ride from the city, a world away': ['à une traversée en ferry de la ville, et pourtant si loin de tout', 'a un trayecto en ferri de la ciudad y a un mundo de distancia'],
  'seafront terraces and a Mediterranean thalasso spa': ['des terrasses face à la mer et un centre de thalassothérapie méditerranéen', 'terrazas frente al mar y un spa de talasoterapia mediterráneo'],
  'a skylit studio loft with a view of Sacré-Cœur': ['un atelier sous verrière avec vue sur le Sacré-Cœur', 'un estudio con claraboya y vistas al Sacré-Cœur'],
  'a pastel mews house with a roof terrace': ['une maison aux couleurs pastel avec terrasse sur le toit', 'una casa de tonos pastel con azotea'],
  'a tiled two-bedroom apartment with a river balcony': ['un appartement de deux chambres orné d’azulejos, avec balcon sur le fleuve', 'un apartamento de dos dormitorios con azulejos y balcón al río'],
  'a courtyard flat in Barcelona’s village quarter': ['un appartement sur cour dans le quartier-village de Barcelone', 'un piso con patio en el barrio con aire de pueblo de Barcelona'],
  'a penthouse terrace over terracotta rooftops': ['une terrasse au-dessus des toits de tuiles ocre', 'una terraza sobre los tejados de terracota'],
  'a brownstone duplex with its own garden': ['un duplex dans une maison de grès brun, avec son propre jardin', 'un dúplex en una casa de piedra rojiza con jardín propio'],
  'a restored wooden townhouse with futon bedrooms': ['une maison de ville en bois restaurée, avec chambres sur futons', 'una casa tradicional de madera restaurada con dormitorios de futón'],
  'an iron-lace terrace house near Five Ways': ['une maison mitoyenne aux balcons de fer forgé près de Five Ways', 'una casa adosada con balcones de hierro forjado cerca de Five Ways'],
  'a thatched casita steps from the sand': ['une petite maison au toit de palmes à deux pas du sable', 'una casita con techo de palma a pocos pasos de la arena'],
  'a rainforest cottage with a lanai and hammock': ['un cottage en pleine forêt tropicale, avec lanai et hamac', 'una cabaña en la selva tropical con lanai y hamaca'],
};

const region = { 'fr-FR': new Intl.DisplayNames(['fr'], { type: 'region' }), 'es-ES': new Intl.DisplayNames(['es'], { type: 'region' }) };

/** Each seeded city → [its French name, its Spanish name] (decision 0049): a product translation names its city so. */
export const CITY_NAMES = {
  'New York': ['New York', 'Nueva York'],
  Paris: ['Paris', 'París'],
  London: ['Londres', 'Londres'],
  Barcelona: ['Barcelone', 'Barcelona'],
  Rome: ['Rome', 'Roma'],
  Tokyo: ['Tokyo', 'Tokio'],
  Lisbon: ['Lisbonne', 'Lisboa'],
  Cancún: ['Cancún', 'Cancún'],
  Orlando: ['Orlando', 'Orlando'],
  Honolulu: ['Honolulu', 'Honolulu'],
  Sydney: ['Sydney', 'Sídney'],
  Miami: ['Miami', 'Miami'],
};

const DESCRIBE = {
  'fr-FR': {
    HLT: (where, city, s) => `Un hôtel à ${where}${NB}: ${s}. Prix par nuit pour la chambre, taxes comprises.`,
    ACT: (where, city, s) => `Une expérience à ${where}${NB}: ${s}. Retrouvez votre guide au point de départ${NB}; la réservation est confirmée immédiatement.`,
    RST: (where, city, s) => `Un resort près de ${city}${NB}: ${s}. Prix par nuit pour toute la chambre, taxes comprises.`,
    STY: (where, city, s) => `Un logement à ${where}${NB}: ${s}. Le logement entier est à vous, avec une cuisine et un hôte sur place pour vous aider.`,
  },
  'es-ES': {
    HLT: (where, city, s) => `Un hotel en ${where}: ${s}. Precios por noche para la habitación, impuestos incluidos.`,
    ACT: (where, city, s) => `Una experiencia en ${where}: ${s}. Encuentra a tu guía en el punto de partida; la reserva se confirma al instante.`,
    RST: (where, city, s) => `Un resort cerca de ${city}: ${s}. Precios por noche para toda la habitación, impuestos incluidos.`,
    STY: (where, city, s) => `Un alojamiento en ${where}: ${s}. Todo el alojamiento es para ti, con cocina y la ayuda de un anfitrión local.`,
  },
};

const LANGS = [['fr-FR', 0], ['es-ES', 1]];

function productTexts(type, list) {
  return list.flatMap(([name, city, , , , , , special]) =>
    LANGS.map(([lang, i]) => {
      const s = SPECIAL[special]?.[i];
      if (!s) throw new Error(`seed: no ${lang} text for “${special}”`);
      const cityName = CITY_NAMES[city]?.[i];
      if (!cityName) throw new Error(`seed: no ${lang} name for the city “${city}”`);
      const where = `${cityName}, ${region[lang].of(CITIES[city].country)}`;
      const amenities = AMENITIES[type].map((a) => {
        const t = AMENITY[a]?.[i];
        if (!t) throw new Error(`seed: no ${lang} text for amenity “${a}”`);
        return t;
      });
      return { type, name, city, lang, text: { name: NAME[name]?.[i] ?? name, description: DESCRIBE[lang][type](where, cityName, s), amenities: JSON.stringify(amenities), city: cityName } };
    }),
  );
}

// Every org's copy of the product (org 2 sells a subset of org 1's inventory under the same names) gets the text.
const productSql = (t) => `INSERT INTO product_texts (product_id, lang, org_id, name, description, amenities, city)
  SELECT id, ${q(t.lang)}, org_id, ${q(t.text.name)}, ${q(t.text.description)}, ${q(t.text.amenities)}, ${q(t.text.city)} FROM products WHERE type = ${q(t.type)} AND name = ${q(t.name)} AND city = ${q(t.city)}
ON CONFLICT (product_id, lang) DO UPDATE SET name = excluded.name, description = excluded.description, amenities = excluded.amenities, city = excluded.city;`;

// Card code → [French name, Spanish name].
const CARDS = {
  'TC-ORG-HOTEL-100': ['Certificat hôtel Travel Club', 'Certificado de hotel Travel Club'],
  'TC-ORG-HOTEL-250': ['Certificat hôtel Premium Travel Club', 'Certificado de hotel Premium Travel Club'],
  'TC-ORG-RESORT-300': ['Certificat semaine en resort Travel Club', 'Certificado de semana en resort Travel Club'],
  'TC-ORG-STAY-75': ['Certificat location Travel Club', 'Certificado de alojamiento Travel Club'],
  'GIFT-CASH-0100': ['Carte cadeau Travel Club', 'Tarjeta regalo Travel Club'],
  'GIFT-CERT-RESORT': ['Certificat cadeau resort', 'Certificado regalo de resort'],
  'ACME-GIFT-0050': ['Carte cadeau Acme', 'Tarjeta regalo Acme'],
  'DEMO-CERT-HOTEL-150': ['Certificat séjour à l’hôtel', 'Certificado de estancia en hotel'],
  'DEMO-CERT-ACT-40': ['Certificat expériences', 'Certificado de experiencias'],
  'DEMO-CERT-USED': ['Certificat escapade de printemps', 'Certificado escapada de primavera'],
  'DEMO-DISC-HLT': ['Réduction hôtel membre', 'Descuento de hotel para socios'],
  'DEMO-DISC-ACT-STY': ['Réduction expériences et locations', 'Descuento en experiencias y alojamientos'],
  'DEMO-CASH-500': ['Carte prépayée Travel Club', 'Tarjeta prepago Travel Club'],
};

const cardSql = (code, lang, name) => `INSERT INTO card_texts (card_id, lang, org_id, name)
  SELECT id, ${q(lang)}, org_id, ${q(name)} FROM payment_cards WHERE card_code = ${q(code)}
ON CONFLICT (card_id, lang) DO UPDATE SET name = excluded.name;`;

/**
 * Every seeded text as { 'en-US', 'fr-FR', 'es-ES' }: product names, descriptions, amenities and cities, card names. The
 * language walk (e2e/language-walk.spec.ts) looks for the English ones on French and Spanish pages.
 */
export function seededTexts() {
  const out = [];
  const byCode = new Map(SEED_CARDS.map(([, , card]) => [card.code, card.name]));
  for (const [type, list] of [['HLT', [...HOTELS, ...MORE_HOTELS]], ['ACT', ACTIVITIES], ['RST', RESORTS], ['STY', STAYS]]) {
    const texts = productTexts(type, list);
    for (const [name, city, , , , , , special] of list) {
      const fr = texts.find((t) => t.name === name && t.city === city && t.lang === 'fr-FR').text;
      const es = texts.find((t) => t.name === name && t.city === city && t.lang === 'es-ES').text;
      out.push({ 'en-US': name, 'fr-FR': fr.name, 'es-ES': es.name });
      out.push({ 'en-US': description(type, city, special), 'fr-FR': fr.description, 'es-ES': es.description });
    }
  }
  for (const [en, [fr, es]] of Object.entries(AMENITY)) out.push({ 'en-US': en, 'fr-FR': fr, 'es-ES': es });
  for (const [en, [fr, es]] of Object.entries(CITY_NAMES)) out.push({ 'en-US': en, 'fr-FR': fr, 'es-ES': es });
  for (const [code, [fr, es]] of Object.entries(CARDS)) out.push({ 'en-US': byCode.get(code), 'fr-FR': fr, 'es-ES': es });
  for (const [code, [fr, es]] of Object.entries(CAMPAIGNS)) {
    const en = SEED_CAMPAIGNS.find((c) => c[5] === code);
    out.push({ 'en-US': en[2], 'fr-FR': fr[0], 'es-ES': es[0] }, { 'en-US': en[3], 'fr-FR': fr[1], 'es-ES': es[1] });
  }
  return out;
}

// Campaign referral code → [[French title, description], [Spanish title, description]].
const CAMPAIGNS = {
  SPRING30: [
    ['Évasion de printemps', 'Les membres économisent jusqu’à 30 % sur les hôtels en bord de mer réservés avant la fin du printemps.'],
    ['Escapada de primavera', 'Los socios ahorran hasta un 30 % en hoteles de playa reservados antes de que acabe la primavera.'],
  ],
  RESORT7: [
    ['Semaines en resort', 'Une semaine entière dans un resort partenaire pour le prix de cinq nuits.'],
    ['Semanas en resort', 'Una semana entera en un resort asociado por el precio de cinco noches.'],
  ],
  FRIENDS: [
    ['Parrainez un ami', 'Partagez votre lien de parrainage : vous gagnez tous les deux des crédits quand votre ami s’inscrit.'],
    ['Trae a un amigo', 'Comparte tu enlace de referido: los dos ganáis créditos cuando tu amigo se registra.'],
  ],
  MEMBER: [
    ['Parrainage des membres', 'Chaque membre a son lien de parrainage.'],
    ['Referidos de socios', 'Cada socio tiene su enlace de referido.'],
  ],
  ACMECITY: [
    ['City breaks avec Acme', 'Deux nuits dans une capitale européenne, petit-déjeuner compris.'],
    ['Escapadas urbanas con Acme', 'Dos noches en una capital europea, con desayuno incluido.'],
  ],
  ACMEFUN: [
    ['Semaine des activités', 'Dix pour cent de réduction sur chaque activité réservée cette semaine.'],
    ['Semana de actividades', 'Un diez por ciento de descuento en cada actividad reservada esta semana.'],
  ],
};

const campaignSql = (code, lang, [title, description]) => `INSERT INTO campaign_texts (campaign_id, lang, org_id, title, description)
  SELECT id, ${q(lang)}, org_id, ${q(title)}, ${q(description)} FROM campaigns WHERE refferal_code = ${q(code)}
ON CONFLICT (campaign_id, lang) DO UPDATE SET title = excluded.title, description = excluded.description;`;

export default function () {
  const texts = [...productTexts('HLT', [...HOTELS, ...MORE_HOTELS]), ...productTexts('ACT', ACTIVITIES), ...productTexts('RST', RESORTS), ...productTexts('STY', STAYS)];
  const cards = Object.entries(CARDS).flatMap(([code, names]) => LANGS.map(([lang, i]) => cardSql(code, lang, names[i])));
  const campaigns = Object.entries(CAMPAIGNS).flatMap(([code, texts]) => LANGS.map(([lang, i]) => campaignSql(code, lang, texts[i])));
  return [...texts.map(productSql), ...cards, ...campaigns].join('\n') + '\n';
}
