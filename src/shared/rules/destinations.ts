// The home page's featured destinations: the city as the inventory names it, its label keys and its picture.
export interface FeaturedDestination {
  city: string;
  cityKey: string;
  countryKey: string;
  image: string;
}

export const FEATURED_DESTINATIONS: readonly FeaturedDestination[] = [
  { city: 'Lisbon', cityKey: 'dest_lisbon', countryKey: 'country_portugal', image: 'lisbon' },
  { city: 'Cancún', cityKey: 'dest_cancun', countryKey: 'country_mexico', image: 'cancun' },
  { city: 'New York', cityKey: 'dest_new_york', countryKey: 'country_usa', image: 'new-york' },
  { city: 'Paris', cityKey: 'dest_paris', countryKey: 'country_france', image: 'paris' },
  { city: 'Rome', cityKey: 'dest_rome', countryKey: 'country_italy', image: 'rome' },
  { city: 'Orlando', cityKey: 'dest_orlando', countryKey: 'country_usa', image: 'orlando' },
];

/** The width a destination card's photograph takes: a third of the container on a desktop, half on a tablet, the screen on a phone. */
export const DEST_PHOTO_SIZES = '(min-width: 1540px) 460px, (min-width: 992px) 33vw, (min-width: 576px) 50vw, 100vw';
