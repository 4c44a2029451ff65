// Rental builders see rental wording where the settings pages speak of the homes they show.
export interface HomeWords {
  /** `home` or `rental`. */
  home: string;
  /** `Home` or `Rental`. */
  Home: string;
  /** `buyer` or `renter`. */
  buyer: string;
}

export function homeWords(isRental: boolean): HomeWords {
  return isRental
    ? { home: 'rental', Home: 'Rental', buyer: 'renter' }
    : { home: 'home', Home: 'Home', buyer: 'buyer' };
}
