// The development seed's photographs (docs/photo-credits.md): their alt text, which products show which, and the
// widths and formats each is stored in, written to local R2 the way an upload writes them (docs/decisions/0032-photographs.md).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const PHOTO_DIR = join(import.meta.dirname, 'photos');

/** [file, width, height, alt en-US, fr-FR, es-ES] */
export const SEED_PHOTOS = [
  ['dune-sea', 1600, 1000, 'Dune grass on a sandy shore above a calm blue sea', 'Herbes des dunes sur un rivage de sable face à une mer calme', 'Hierba de duna en una orilla de arena frente a un mar en calma'],
  ['by-the-water', 1600, 1000, 'Wooden boards at the water’s edge in soft evening light', 'Planches de bois au bord de l’eau dans la douce lumière du soir', 'Tablas de madera a la orilla del agua con la suave luz de la tarde'],
  ['evening-glow-boats', 1600, 1000, 'Rowing boats pulled up on a lakeshore at sunset', 'Barques tirées sur la rive d’un lac au coucher du soleil', 'Botes de remo en la orilla de un lago al atardecer'],
  ['kite-sky', 1600, 1000, 'A bright kite flying high in a blue sky with white clouds', 'Un cerf-volant coloré dans un ciel bleu aux nuages blancs', 'Una cometa de colores en un cielo azul con nubes blancas'],
  ['cold-ripple-pier', 1600, 1000, 'A jetty reaching into still water on a grey morning', 'Un ponton avançant sur une eau calme par un matin gris', 'Un embarcadero sobre agua tranquila en una mañana gris'],
  ['grey-facade', 1600, 1000, 'The curving lines of a modern building’s facade', 'Les lignes courbes de la façade d’un immeuble moderne', 'Las líneas curvas de la fachada de un edificio moderno'],
  ['storm-road', 1600, 1000, 'A road along the coast under a dramatic stormy sky', 'Une route côtière sous un ciel d’orage spectaculaire', 'Una carretera costera bajo un cielo de tormenta'],
  ['summer-night-lake', 1600, 1000, 'A lake at dusk under a pink and violet sky', 'Un lac au crépuscule sous un ciel rose et violet', 'Un lago al anochecer bajo un cielo rosa y violeta'],
  ['darkest-hour-lake', 1600, 1000, 'Mist over a quiet lake in the blue hour before dawn', 'De la brume sur un lac paisible à l’heure bleue', 'Niebla sobre un lago tranquilo en la hora azul'],
  ['forest-path', 1600, 1000, 'A path through a tall green forest', 'Un sentier à travers une haute forêt verte', 'Un sendero a través de un alto bosque verde'],
  ['fallen-leaf', 1600, 1000, 'A red autumn leaf on the ground in warm sunlight', 'Une feuille d’automne rouge au sol sous un soleil chaud', 'Una hoja roja de otoño en el suelo bajo un sol cálido'],
  ['one-stands-out-moss', 1600, 1000, 'Star moss seen from above, one stem turned orange', 'De la mousse vue d’en haut, une tige devenue orange', 'Musgo visto desde arriba, con un tallo de color naranja'],
];

/** Which photographs suit which product: the sea for resorts and beach cities, a facade first for city hotels. */
export const POOLS = {
  sea: ['dune-sea', 'by-the-water', 'evening-glow-boats', 'kite-sky', 'cold-ripple-pier'],
  city: ['grey-facade', 'storm-road', 'summer-night-lake', 'darkest-hour-lake', 'cold-ripple-pier'],
  outdoors: ['forest-path', 'kite-sky', 'fallen-leaf', 'one-stands-out-moss', 'evening-glow-boats'],
  home: ['summer-night-lake', 'forest-path', 'darkest-hour-lake', 'fallen-leaf', 'one-stands-out-moss'],
};
export const BEACH_CITIES = ['Cancún', 'Honolulu', 'Miami', 'Sydney', 'Orlando'];
export const PHOTOS_PER_SEEDED_PRODUCT = 3;

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** Each seed photograph's content address (the SHA-256 of the committed file, as an upload of it would get). */
export function seedPhotoKeys() {
  return Object.fromEntries(SEED_PHOTOS.map(([name]) => [name, sha256(readFileSync(join(PHOTO_DIR, `${name}.jpg`)))]));
}

// The same widths and formats an upload makes (functions/flows/photos.ts; src/shared/photos.ts).
const WIDTHS = [480, 800, 1200, 1600];
const FORMATS = [
  ['avif', (s) => s.avif({ quality: 55, effort: 2 })],
  ['webp', (s) => s.webp({ quality: 72 })],
  ['jpeg', (s) => s.jpeg({ quality: 78, mozjpeg: true })],
];

/** The width of the seed photographs the Hotelbeds simulator's content names (functions/dev/sim/hotelbeds-world.ts PHOTO_WIDTH). */
const SIM_PHOTO_WIDTH = 800;

/**
 * Every width and format of one photograph (never enlarged: a width over its own is the same image, made once), made
 * once per checkout under .wrangler/photo-variants/<key>; pushes [R2 key, file, content type] to `objects`.
 */
async function variantsOf(sharp, cache, key, source, width, height, objects) {
  const dir = join(cache, key);
  mkdirSync(dir, { recursive: true });
  for (const w of WIDTHS) {
    for (const [ext, encode] of FORMATS) {
      const file = join(dir, `${w}.${ext}`);
      if (!existsSync(file)) {
        const part = `${file}.${process.pid}.part`;
        writeFileSync(part, await encode(sharp(source).resize({ width: Math.min(w, width), withoutEnlargement: true })).toBuffer());
        renameSync(part, file);
      }
      objects.push([`photos/${key}/${w}.${ext}`, file, `image/${ext}`]);
    }
  }
  const ready = join(dir, 'ready');
  if (!existsSync(ready)) {
    writeFileSync(`${ready}.${process.pid}.part`, JSON.stringify({ width, height }));
    renameSync(`${ready}.${process.pid}.part`, ready);
  }
  objects.push([`photos/${key}/ready`, ready, 'application/json']);
}

/**
 * Every width and format of every seed photograph, made once per checkout under .wrangler/photo-variants (`npm run
 * build` makes them, so the test servers that start together only copy them): [R2 key, file, content type].
 * Each file is written whole under a temporary name and then renamed, so a reader never sees half of one.
 * Also the copies the bed bank import makes of them (decision 0075): the simulator's content names each photograph's
 * 800-pixel JPEG, which the import stores under that JPEG's own SHA-256; made here too, an import on a fresh local R2
 * finds them ready instead of transforming twelve photographs while tests and e2e wait.
 */
export async function seedPhotoVariants(root) {
  const { default: sharp } = await import('sharp');
  const cache = join(root, '.wrangler', 'photo-variants');
  const keys = seedPhotoKeys();
  const made = SEED_PHOTOS.map(() => []);
  // Two photographs at a time: an encoder keeps one core busy, and the machines that build have two.
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < SEED_PHOTOS.length; i = next++) {
      const [name, width, height] = SEED_PHOTOS[i];
      const key = keys[name];
      await variantsOf(sharp, cache, key, readFileSync(join(PHOTO_DIR, `${name}.jpg`)), width, height, made[i]);
      const served = readFileSync(join(cache, key, `${SIM_PHOTO_WIDTH}.jpeg`));
      const copyHeight = Math.round((height * SIM_PHOTO_WIDTH) / width);
      await variantsOf(sharp, cache, sha256(served), served, SIM_PHOTO_WIDTH, copyHeight, made[i]);
    }
  };
  await Promise.all([worker(), worker()]);
  // In the photographs' order, whichever finished first.
  return made.flat();
}

/**
 * Writes every width and format of every seed photograph (seedPhotoVariants, or `objects` when already made) (kept
 * under .wrangler/photo-variants) to local R2 under `persistTo`, through wrangler's local platform (the Worker's own R2 binding).
 */
export async function seedPhotosToR2({ root, persistTo, configPath, objects: made }) {
  const objects = [...(made ?? (await seedPhotoVariants(root))), ...seedLogoObjects()];
  const { getPlatformProxy } = await import('wrangler');
  const proxy = await getPlatformProxy({ configPath, persist: { path: join(persistTo, 'v3') }, remoteBindings: false });
  try {
    for (const [k, file, type] of objects) await proxy.env.PHOTOS.put(k, readFileSync(file), { httpMetadata: { contentType: type } });
  } finally {
    await proxy.dispose();
  }
  return objects.length;
}

export const seedPhotoFiles = () => readdirSync(PHOTO_DIR).filter((f) => f.endsWith('.jpg'));

/** The seeded orgs' logos, stored as an upload stores one (functions/flows/logo.ts): `logos/<sha256>.svg`. */
export const SEED_LOGOS = ['logo-travel-club.svg', 'logo-acme.svg'];
const logoPath = (name) => join(import.meta.dirname, '..', 'public', 'images', name);
export const seedLogoFile = (name = SEED_LOGOS[0]) => `${sha256(readFileSync(logoPath(name)))}.svg`;
function seedLogoObjects() {
  return SEED_LOGOS.map((name) => [`logos/${seedLogoFile(name)}`, logoPath(name), 'image/svg+xml']);
}
