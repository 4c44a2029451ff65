// Aliases over the types generated from the server's OpenAPI document (src/api/schema.d.ts,
// produced by `npm run gen:api`). Never write API shapes by hand here: alias them.
import type { components, paths } from './schema';

type Schemas = components['schemas'];

export type SessionUser = Schemas['SessionUser'];
export type AuthResponse = Schemas['AuthResponse'];
export type LoginRequest = Schemas['LoginRequest'];
export type ErrorBody = Schemas['ErrorBody'];
export type CatalogItem = Schemas['CatalogItem'];
export type State = Schemas['State'];
export type Builder = Schemas['Builder'];
export type BuilderDetail = Schemas['BuilderDetail'];
export type BuilderList = Schemas['Page_Builder'];
/** A program manager of a builder (GET /api/builders/{id}/pms). */
export type PmRow = paths['/api/builders/{id}/pms']['get']['responses'][200]['content']['application/json'][number];
export type FeatureFlags = Schemas['FeatureFlags'];
export type Profile = Schemas['Profile'];
export type ProfileUpdate = Schemas['ProfileUpdate'];
export type AgentRow = Schemas['AgentRow'];
export type AgentList = Schemas['Page_AgentRow'];
export type Agent = Schemas['Agent'];
export type AgentInput = Schemas['AgentInput'];
export type TeamRow = Schemas['TeamRow'];
export type ActivityLogRow = Schemas['ActivityLogRow'];
export type TeamList = Schemas['Page_TeamRow'];
export type Team = Schemas['Team'];
export type TeamInput = Schemas['TeamInput'];
export type MessageBody = Schemas['MessageBody'];
/** The answer to an add that made a record with a numeric id. */
export type Created = Schemas['Created'];
export type CommunityRow = Schemas['CommunityRow'];

// Builder settings, surveys and training.
export type SettingsView = Schemas['SettingsView'];
/** The multipart parts of POST /api/builders/settings (the logo `file` is added as a File). */
export type SettingsForm = Schemas['SettingsForm'];
export type DisclosureInput = Schemas['DisclosureInput'];
export type MessagingInput = Schemas['MessagingInput'];
export type VariableValues = Schemas['VariableValues'];
export type Timezone = Schemas['Timezone'];
export type TimezoneInput = Schemas['TimezoneInput'];
export type Question = Schemas['Question'];
export type QuestionsInput = Schemas['QuestionsInput'];
export type QuestionsSaved = Schemas['QuestionsSaved'];
export type Training = Schemas['Training'];
export type TrainingVideo = Schemas['Video'];

// Request and answer bodies of single calls.
export type AdminAsPmRequest = Schemas['AdminAsPmRequest'];
export type EnterpriseUserRequest = Schemas['EnterpriseUserRequest'];
export type TokenCheck = Schemas['TokenCheck'];
export type NewPassword = Schemas['NewPassword'];
export type RefreshRequest = Schemas['RefreshRequest'];
export type ResetTokens = Schemas['ResetTokens'];
export type FeedbackRequest = Schemas['FeedbackRequest'];
export type AgentCreated = Schemas['AgentCreated'];
export type DeleteAgents = Schemas['DeleteAgents'];
export type ResendEmail = Schemas['ResendEmail'];
export type DeleteTeams = Schemas['DeleteTeams'];
export type TeamAgentRequest = Schemas['TeamAgentRequest'];

/** Every list endpoint answers `{ data, total }`. */
export interface ListResponse<T> {
  data: T[];
  total: number;
}

// Dashboard.
/** `{count}` of a dashboard stat. */
export type Count = Schemas['Count'];
/** A day (monthlyVisits) or month (yearlyVisits) of the visit charts. */
export type SeriesPoint = Schemas['SeriesPoint'];
export type VisitRow = Schemas['VisitRow'];
export type VisitList = Schemas['Page_VisitRow'];

// Inventory and alarm devices (spec 2 §2).
export type HubRow = Schemas['HubRow'];
export type LockRow = Schemas['LockRow'];
export type SmartLockRow = Schemas['SmartLockRow'];
export type WifiThermostatRow = Schemas['WifiThermostatRow'];
export type InventoryCommunity = Schemas['InventoryCommunity'];
export type LockRecord = Schemas['LockRecord'];
export type NewLockInput = Schemas['NewLockInput'];
export type DeviceCreated = Schemas['DeviceCreated'];
export type AlarmAccountAnswer = Schemas['AlarmAccountAnswer'];
export type AlarmDeviceRow = Schemas['AlarmDeviceRow'];
export type NewAlarmDevice = Schemas['NewAlarmDevice'];
export type ActivateInput = Schemas['ActivateInput'];

// Properties.
export type PropertyRow = Schemas['PropertyRow'];
export type PropertyList = Schemas['Page_PropertyRow'];
export type PropertyCreated = Schemas['PropertyCreated'];
/** The address POST /api/properties/coordinates geocodes, and its answer. */
export type GeocodeAddress = Schemas['Address'];
export type Coordinates = Schemas['Coordinates'];
export type PhotoView = Schemas['PhotoView'];
export type PhotoUploaded = Schemas['PhotoUploaded'];
export type IntegrationInput = Schemas['IntegrationInput'];
export type PropertyDetail = Schemas['PropertyDetail'];
export type PropertyAgent = Schemas['PropertyAgent'];
export type PropertyIntegration = Schemas['PropertyIntegration'];

// Hours editors (components/hours) and communities.
export type TourDay = Schemas['TourDay'];
export type HourMinute = Schemas['HourMinute'];
export type StaffDay = Schemas['StaffDay'];
export type Community = Schemas['Community'];
/** GET /api/communities/{id}: the community and its public page's address (null without a public site). */
export type CommunityDetail = Schemas['CommunityDetail'];
export type CommunityInput = Schemas['CommunityInput'];
export type CommunityStatus = Schemas['CommunityStatus'];
export type CommunityProperty = Schemas['CommunityProperty'];
export type CommunitySaved = Schemas['CommunitySaved'];
export type SaveCommunity = Schemas['SaveCommunity'];
export type DeleteCommunities = Schemas['DeleteCommunities'];
export type QrCode = Schemas['QrCode'];
export type SaveQrCode = Schemas['SaveQrCode'];
export type DeleteQrCode = Schemas['DeleteQrCode'];

// A home's hub, smart lock and wifi thermostat (spec 2 §2 Hub device panel), and Sync Codes Now.
export type HubInfo = Schemas['HubInfo'];
export type HubDevice = Schemas['HubDevice'];
export type HubUserCode = Schemas['HubUserCode'];
export type HubScheduledCode = Schemas['HubScheduledCode'];
export type DeviceAnswer = Schemas['DeviceAnswer'];
export type LockStatusInput = Schemas['LockStatusInput'];
export type AutoLockInput = Schemas['AutoLockInput'];
export type HubCodeInput = Schemas['HubCodeInput'];
export type HubCodesInput = Schemas['HubCodesInput'];
export type MasterCodeInput = Schemas['MasterCodeInput'];
export type DeleteCodeInput = Schemas['DeleteCodeInput'];
export type ScheduledCodeInput = Schemas['ScheduledCodeInput'];
export type HubScheduledCodesInput = Schemas['HubScheduledCodesInput'];
export type DeleteScheduledInput = Schemas['DeleteScheduledInput'];
export type LightInput = Schemas['LightInput'];
export type ThermostatInput = Schemas['ThermostatInput'];
export type LockLog = Schemas['LockLog'];
export type SmartLockDetails = Schemas['SmartLockDetails'];
export type SmartLockCode = Schemas['SmartLockCode'];
export type SmartLockScheduledCode = Schemas['SmartLockScheduledCode'];
export type SmartLockCodeInput = Schemas['SmartLockCodeInput'];
export type DeleteSmartCodeInput = Schemas['DeleteSmartCodeInput'];
export type SmartScheduledCodeInput = Schemas['SmartScheduledCodeInput'];
export type SmartScheduledCodesInput = Schemas['SmartScheduledCodesInput'];
export type DeleteSmartScheduledInput = Schemas['DeleteSmartScheduledInput'];
export type SmartLockStatusInput = Schemas['SmartLockStatusInput'];
export type WifiThermostatDetails = Schemas['WifiThermostatDetails'];
export type SetPointsInput = Schemas['SetPointsInput'];
export type ThermostatAnswer = Schemas['ThermostatAnswer'];
export type SyncCodesInput = Schemas['SyncCodesInput'];
export type SyncAnswer = Schemas['SyncAnswer'];
export type LockSync = Schemas['LockSync'];

// Customers.
export type CustomerRow = Schemas['CustomerRow'];
export type CustomerDetail = Schemas['CustomerDetail'];
export type CustomerVisit = Schemas['CustomerVisit'];
export type CustomerUpdated = Schemas['CustomerUpdated'];
export type ScheduledVisitRow = Schemas['ScheduledVisitRow'];
export type ScheduledVisitDetail = Schemas['ScheduledVisitDetail'];
export type OfferRow = Schemas['OfferRow'];
export type AfterTourHoursRow = Schemas['AfterTourHoursRow'];
export type PropertyTourRow = Schemas['PropertyTourRow'];
export type VisitReportRow = Schemas['VisitReportRow'];
export type MarketReportRow = Schemas['MarketReportRow'];
export type Invoice = Schemas['Invoice'];
export type Insights = Schemas['Insights'];
export type ProfitCenter = Schemas['ProfitCenter'];
export type InvoiceList = Schemas['InvoiceList'];
export type SalesLineItem = Schemas['SalesLineItem'];
export type PaymentInstructions = Schemas['PaymentInstructions'];
export type OutboxRow = Schemas['OutboxRow'];
export type ShareRequest = Schemas['ShareRequest'];
export type ShareAnswer = Schemas['ShareAnswer'];
export type TourHome = Schemas['TourHome'];
export type TourCommunity = Schemas['TourCommunity'];
export type TourBranding = Schemas['TourBranding'];
export type IdentityRequest = Schemas['IdentityRequest'];
export type CodeSent = Schemas['CodeSent'];
export type CodeCheck = Schemas['CodeCheck'];
export type VisitorSignIn = Schemas['VisitorSignIn'];
export type VisitorToken = Schemas['VisitorToken'];
export type VisitorMe = Schemas['VisitorMe'];
export type TourVisitState = Schemas['TourVisitState'];
export type TourSlots = Schemas['TourSlots'];
export type BookingRequest = Schemas['BookingRequest'];
export type BookedTour = Schemas['BookedTour'];
export type SurveyAnswers = Schemas['SurveyAnswers'];
export type OfferRequest = Schemas['OfferRequest'];
export type WebhookRow = Schemas['WebhookRow'];
export type WebhookInput = Schemas['WebhookInput'];
export type WebhookSecret = Schemas['WebhookSecret'];
export type DeleteWebhooks = Schemas['DeleteWebhooks'];
export type DeliveryRow = Schemas['DeliveryRow'];
export type AttemptRow = Schemas['AttemptRow'];
export type DeliveryQueued = Schemas['DeliveryQueued'];
export type OAuthClientRow = Schemas['OAuthClientRow'];
export type NewOAuthClient = Schemas['NewOAuthClient'];
export type RemoveOAuthClient = Schemas['RemoveOAuthClient'];
export type Integration = Schemas['Integration'];
export type IntegrationState = Schemas['IntegrationState'];
export type IntegrationRequest = Schemas['IntegrationRequest'];
export type IntegrationRequestInput = Schemas['IntegrationRequestInput'];
export type FeedSettingsView = Schemas['FeedSettingsView'];
export type FeedSettingsInput = Schemas['FeedSettingsInput'];
export type SyncFeedInput = Schemas['SyncFeedInput'];
export type SyncFeedAnswer = Schemas['SyncFeedAnswer'];
export type Rejection = Schemas['Rejection'];
export type SyncReport = Schemas['SyncReport'];
