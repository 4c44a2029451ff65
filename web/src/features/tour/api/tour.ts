import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type {
  BookedTour,
  BookingRequest,
  CodeCheck,
  MessageBody,
  OfferRequest,
  Question,
  SurveyAnswers,
  CodeSent,
  IdentityRequest,
  TourCommunity,
  TourHome,
  TourSlots,
  TourVisitState,
  VisitorMe,
  VisitorSignIn,
  VisitorToken,
} from '../../../api/types';

/** A home's public page (no sign-in); waits while the id is not known yet (0). */
export function useTourHome(webflow: string, id: number) {
  return useQuery({
    queryKey: ['tour', webflow, 'property', id],
    queryFn: ({ signal }) => api<TourHome>(`${base(webflow)}/property/${id}`, { signal, visitorToken: null }),
    enabled: id > 0,
  });
}

/** A community's public page: its homes open to tours. */
export function useTourCommunity(webflow: string, id: number) {
  return useQuery({
    queryKey: ['tour', webflow, 'community', id],
    queryFn: ({ signal }) => api<TourCommunity>(`${base(webflow)}/community/${id}`, { signal, visitorToken: null }),
  });
}

const base = (webflow: string) => `/tour/${encodeURIComponent(webflow)}`;

/** Texts a code to the visitor's phone; answers the challenge to send back with it. */
export function sendCode(webflow: string, propertyId: number, body: IdentityRequest): Promise<CodeSent> {
  return api<CodeSent>(`${base(webflow)}/property/${propertyId}/code`, { method: 'POST', body, visitorToken: null });
}

/** Checks the texted code; answers the visitor's session. */
export function verifyCode(webflow: string, body: CodeCheck): Promise<VisitorToken> {
  return api<VisitorToken>(`${base(webflow)}/verify`, { method: 'POST', body, visitorToken: null });
}

/** Signs in with a verified account staff shared. */
export function visitorSignIn(webflow: string, body: VisitorSignIn): Promise<VisitorToken> {
  return api<VisitorToken>(`${base(webflow)}/signin`, { method: 'POST', body, visitorToken: null });
}

/** Tour Now: a code for this visitor goes on the home's lock. */
export function tourNow(webflow: string, propertyId: number, token: string): Promise<TourVisitState> {
  return api<TourVisitState>(`${base(webflow)}/property/${propertyId}/tour-now`, {
    method: 'POST',
    visitorToken: token,
  });
}

/**
 * A visit of the visitor's and its code, read again every 2 s while the lock is taking it, and
 * every 10 s while the code waits to open the door (to offer the after-tour page).
 */
export function useTourVisit(webflow: string, visitId: number | null, token: string) {
  return useQuery({
    queryKey: ['tour', webflow, 'visit', visitId],
    queryFn: ({ signal }) => api<TourVisitState>(`${base(webflow)}/visits/${visitId}`, { signal, visitorToken: token }),
    enabled: visitId !== null,
    refetchInterval: (query) => {
      const visit = query.state.data;
      if (!visit || visit.state === 'setting') return 2000;
      return visit.accessed || visit.state === 'ended' || visit.state === 'failed' ? false : 10_000;
    },
  });
}

/** The times a day offers for booking (the home's zone). */
export function useTourSlots(webflow: string, propertyId: number, date: string) {
  return useQuery({
    queryKey: ['tour', webflow, 'slots', propertyId, date],
    queryFn: ({ signal }) =>
      api<TourSlots>(`${base(webflow)}/property/${propertyId}/slots`, { query: { date }, signal, visitorToken: null }),
    enabled: date !== '',
  });
}

/** The visitor's tours of a home still to come. */
export function useBookedTours(webflow: string, propertyId: number, token: string) {
  return useQuery({
    queryKey: ['tour', webflow, 'scheduled', propertyId],
    queryFn: ({ signal }) =>
      api<BookedTour[]>(`${base(webflow)}/property/${propertyId}/scheduled`, { signal, visitorToken: token }),
  });
}

export function bookTour(webflow: string, propertyId: number, token: string, body: BookingRequest) {
  return api<BookedTour>(`${base(webflow)}/property/${propertyId}/schedule`, {
    method: 'POST',
    body,
    visitorToken: token,
  });
}

export function cancelTour(webflow: string, bookingId: number, token: string) {
  return api<MessageBody>(`${base(webflow)}/scheduled/${bookingId}/cancel`, { method: 'POST', visitorToken: token });
}

/** The builder's pre-tour or post-tour questions. */
export function useTourSurvey(webflow: string, kind: 'pre' | 'post') {
  return useQuery({
    queryKey: ['tour', webflow, 'survey', kind],
    queryFn: ({ signal }) => api<Question[]>(`${base(webflow)}/survey/${kind}`, { signal, visitorToken: null }),
  });
}

export function answerSurvey(webflow: string, kind: 'pre' | 'post', token: string, body: SurveyAnswers) {
  return api<MessageBody>(`${base(webflow)}/survey/${kind}`, { method: 'POST', body, visitorToken: token });
}

/** The After Tour text's link: its key signs the visitor in to that visit's page. */
export function afterTourSession(webflow: string, visitId: number, key: string) {
  return api<VisitorToken>(`${base(webflow)}/after/${visitId}/session`, {
    method: 'POST',
    body: { key },
    visitorToken: null,
  });
}

/** Ready to Buy (or Rent): an offer after the tour. */
export function makeOffer(webflow: string, visitId: number, token: string, body: OfferRequest) {
  return api<MessageBody>(`${base(webflow)}/visits/${visitId}/offer`, { method: 'POST', body, visitorToken: token });
}

/** The signed-in visitor (whether they took a selfie); only asked for when `enabled`. */
export function useVisitorMe(webflow: string, token: string, enabled: boolean) {
  return useQuery({
    queryKey: ['tour', webflow, 'me', token.slice(-16)],
    queryFn: ({ signal }) => api<VisitorMe>(`${base(webflow)}/me`, { signal, visitorToken: token }),
    enabled,
  });
}

/** The visitor's selfie, when the builder asks for one. */
export function sendSelfie(webflow: string, token: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return api<MessageBody>(`${base(webflow)}/selfie`, { method: 'POST', body: form, visitorToken: token });
}
