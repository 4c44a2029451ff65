// The tour pages' texts (the builder's content settings, else the default wording), given once by
// the page and read by each step that shows one.
import { createContext, useContext } from 'react';
import { defaultContent, type ContentValues } from '../settings/contentSettings';
import { homeWords } from '../settings/wording';

const TourTexts = createContext<ContentValues>(defaultContent(homeWords(false)));

export const TourTextsProvider = TourTexts.Provider;

export function useTourTexts(): ContentValues {
  return useContext(TourTexts);
}
