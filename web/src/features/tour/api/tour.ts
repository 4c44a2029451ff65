import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type {
  BookedTour,
  BookingRequest,
  CodeCheck,
  MessageBody,
  Question,
  SurveyAnswers,
  CodeSent,
  IdentityRequest,
  TourCommunity,
  TourHome,
  TourSlots,
  TourVisitState,
  VisitorSignIn,
  VisitorToken,
} from '../../../api/types';

/** A home's public page (no sign-in). */
export function useTourHome(webflow: string, id: number) {
  return useQuery({
    queryKey: ['tour', webflow, 'property', id],
    queryFn: ({ signal }) => api<TourHome>(`${base(webflow)}/property/${id}`, { signal, visitorToken: null }),
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

/** A visit of the visitor's and its code, read again every 2 s while the lock is taking it. */
export function useTourVisit(webflow: string, visitId: number | null, token: string) {
  return useQuery({
    queryKey: ['tour', webflow, 'visit', visitId],
    queryFn: ({ signal }) => api<TourVisitState>(`${base(webflow)}/visits/${visitId}`, { signal, visitorToken: token }),
    enabled: visitId !== null,
    refetchInterval: (query) => (query.state.data?.state === 'setting' || !query.state.data ? 2000 : false),
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
