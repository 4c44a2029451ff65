// The route table (spec 1 section 2). Screens are code-split per route.
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { BillingRoute } from '../features/account/components/BillingRoute';
import { RequireAuth, PublicOnly } from './guards';
import { LoadingScreen } from './LoadingScreen';
import { PM_ONLY, USER_PM } from './roles';

const Shell = lazy(() => import('./shell/Shell'));
const NotFound = lazy(() => import('../components/NotFound'));
const SignInPage = lazy(() => import('../features/auth/components/SignInPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/components/ResetPasswordPage'));
const ChoosePmPage = lazy(() => import('../features/auth/components/ChoosePmPage'));
const ChooseBuilderPage = lazy(() => import('../features/auth/components/ChooseBuilderPage'));
const DashboardPage = lazy(() => import('../features/dashboard/components/DashboardPage'));
const AccountPage = lazy(() => import('../features/account/components/AccountPage'));
const ProfileForm = lazy(() => import('../features/account/components/ProfileForm'));
const ApiKeys = lazy(() => import('../features/account/components/ApiKeys'));
const AgentsListPage = lazy(() => import('../features/agents/components/AgentsListPage'));
const AgentFormPage = lazy(() => import('../features/agents/components/AgentFormPage'));
const CustomersListPage = lazy(() => import('../features/customers/components/CustomersListPage'));
const CustomerDetailPage = lazy(() => import('../features/customers/components/CustomerDetailPage'));
const VisitsListPage = lazy(() => import('../features/visits/components/VisitsListPage'));
const AfterTourHoursPage = lazy(() => import('../features/afterTourHours/components/AfterTourHoursPage'));
const OutboxPage = lazy(() => import('../features/outbox/components/OutboxPage'));
const SharePage = lazy(() => import('../features/share/components/SharePage'));
const TourHomePage = lazy(() => import('../features/tour/components/TourHomePage'));
const TourCommunityPage = lazy(() => import('../features/tour/components/TourCommunityPage'));
const TourAfterPage = lazy(() => import('../features/tour/components/TourAfterPage'));
const OffersListPage = lazy(() => import('../features/offers/components/OffersListPage'));
const OfferDetailPage = lazy(() => import('../features/offers/components/OfferDetailPage'));
const ScheduledVisitsListPage = lazy(() => import('../features/scheduledVisits/components/ScheduledVisitsListPage'));
const ScheduledVisitDetailPage = lazy(() => import('../features/scheduledVisits/components/ScheduledVisitDetailPage'));
const TeamsListPage = lazy(() => import('../features/teams/components/TeamsListPage'));
const TeamFormPage = lazy(() => import('../features/teams/components/TeamFormPage'));
const WebhooksListPage = lazy(() => import('../features/webhooks/components/WebhooksListPage'));
const WebhookFormPage = lazy(() => import('../features/webhooks/components/WebhookFormPage'));
const BillingPage = lazy(() => import('../features/billing/components/BillingPage'));
const ProfitCenterPage = lazy(() => import('../features/insights/components/ProfitCenterPage'));
const InsightsPage = lazy(() => import('../features/insights/components/InsightsPage'));
const ReportsPage = lazy(() => import('../features/reports/components/ReportsPage'));
const PropertyTourReportPage = lazy(() => import('../features/reports/components/PropertyTourReportPage'));
const VisitReportPage = lazy(() => import('../features/reports/components/VisitReportPage'));
const MarketReportPage = lazy(() => import('../features/reports/components/MarketReportPage'));
const IntegrationsPage = lazy(() => import('../features/integrations/components/IntegrationsPage'));
const HardwareHistoryPage = lazy(() => import('../features/hardware/components/HardwareHistoryPage'));
const InventoryPage = lazy(() => import('../features/hardware/components/inventory/InventoryPage'));
const LockDetailsPage = lazy(() => import('../features/hardware/components/inventory/LockDetailsPage'));
const AlarmDevicesPage = lazy(() => import('../features/hardware/components/alarm/AlarmDevicesPage'));
const DeviceWizardPage = lazy(() => import('../features/hardware/components/alarm/DeviceWizardPage'));
const PropertiesListPage = lazy(() => import('../features/properties/components/PropertiesListPage'));
const PropertyWizardPage = lazy(() => import('../features/properties/components/PropertyWizardPage'));
const PropertyDetailPage = lazy(() => import('../features/properties/components/PropertyDetailPage'));
const CompanySettingsPage = lazy(() => import('../features/settings/components/CompanySettingsPage'));
const ContentSettingsPage = lazy(() => import('../features/settings/components/ContentSettingsPage'));
const DisclosuresPage = lazy(() => import('../features/settings/components/DisclosuresPage'));
const MessagingPage = lazy(() => import('../features/settings/components/MessagingPage'));
const SurveyPage = lazy(() => import('../features/surveys/components/SurveyPage'));
const TrainingPage = lazy(() => import('../features/training/components/TrainingPage'));
const SalesTrainingPage = lazy(() => import('../features/training/components/SalesTrainingPage'));
const CommunitiesListPage = lazy(() => import('../features/communities/components/CommunitiesListPage'));
const CommunityWizardPage = lazy(() => import('../features/communities/components/CommunityWizardPage'));
const CommunityDetailPage = lazy(() => import('../features/communities/components/CommunityDetailPage'));

/** Communities: the list, the add wizard and the detail page, all USER and PM (spec 3 §2). */
const COMMUNITY_ROUTES = [
  { path: '/communities', element: <CommunitiesListPage /> },
  { path: '/communities/add', element: <CommunityWizardPage /> },
  { path: '/communities/:communityId', element: <CommunityDetailPage /> },
];

/** Builder settings and surveys: USER and PM (saving needs a program manager; the server says so). */
const SETTINGS_ROUTES = [
  { path: '/settings', element: <CompanySettingsPage /> },
  { path: '/pre-tour-survey', element: <SurveyPage kind="pre" /> },
  { path: '/post-tour-survey', element: <SurveyPage kind="post" /> },
  { path: '/content-settings', element: <ContentSettingsPage /> },
  { path: '/disclosures', element: <DisclosuresPage /> },
  { path: '/messaging', element: <MessagingPage /> },
];

/** Properties: USER and PM. */
const PROPERTY_ROUTES = [
  { path: '/properties', element: <PropertiesListPage /> },
  { path: '/properties/add', element: <PropertyWizardPage /> },
  { path: '/properties/:propertyId', element: <PropertyDetailPage /> },
];

export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        {/* The visitor's pages: public, outside the console. */}
        <Route path="/tour/:webflow/property/:id" element={<TourHomePage />} />
        <Route path="/tour/:webflow/community/:id" element={<TourCommunityPage />} />
        <Route path="/tour/:webflow/after/:visit" element={<TourAfterPage />} />
        <Route
          path="/login"
          element={
            <PublicOnly>
              <SignInPage />
            </PublicOnly>
          }
        />
        <Route
          path="/reset_password"
          element={
            <PublicOnly>
              <ResetPasswordPage />
            </PublicOnly>
          }
        />
        <Route
          path="/choose_PM"
          element={
            <RequireAuth only="admin">
              <ChoosePmPage />
            </RequireAuth>
          }
        />
        <Route
          path="/choose_builder"
          element={
            <RequireAuth only="enterprise">
              <ChooseBuilderPage />
            </RequireAuth>
          }
        />
        <Route
          element={
            <RequireAuth builderScreens>
              <Shell />
            </RequireAuth>
          }
        >
          <Route path="/" element={<Navigate to="/dashboard" replace />} />
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/account" element={<AccountPage />}>
            <Route index element={<Navigate to="edit-profile" replace />} />
            <Route path="edit-profile" element={<ProfileForm />} />
            <Route path="billing/*" element={<BillingRoute />} />
            <Route
              path="api-keys"
              element={
                <RequireAuth roles={USER_PM}>
                  <ApiKeys />
                </RequireAuth>
              }
            />
            <Route path="*" element={<NotFound />} />
          </Route>
          <Route
            path="/agents"
            element={
              <RequireAuth roles={PM_ONLY}>
                <AgentsListPage />
              </RequireAuth>
            }
          />
          <Route path="/agents/add" element={<AgentFormPage />} />
          <Route path="/agents/:username" element={<AgentFormPage />} />
          <Route
            path="/customers"
            element={
              <RequireAuth roles={USER_PM}>
                <CustomersListPage />
              </RequireAuth>
            }
          />
          <Route
            path="/visits"
            element={
              <RequireAuth roles={USER_PM}>
                <VisitsListPage />
              </RequireAuth>
            }
          />
          <Route
            path="/schedule-visit"
            element={
              <RequireAuth roles={USER_PM}>
                <ScheduledVisitsListPage />
              </RequireAuth>
            }
          />
          <Route
            path="/schedule-visit/:scheduledVisitId"
            element={
              <RequireAuth roles={USER_PM}>
                <ScheduledVisitDetailPage />
              </RequireAuth>
            }
          />
          <Route
            path="/outbox"
            element={
              <RequireAuth only="admin">
                <OutboxPage />
              </RequireAuth>
            }
          />
          <Route
            path="/billing"
            element={
              <RequireAuth roles={USER_PM}>
                <BillingPage />
              </RequireAuth>
            }
          />
          <Route
            path="/reports"
            element={
              <RequireAuth roles={USER_PM}>
                <ReportsPage />
              </RequireAuth>
            }
          />
          <Route path="/insights" element={<InsightsPage />} />
          <Route path="/profit-center" element={<ProfitCenterPage />} />
          <Route path="/reportPropertyTours" element={<PropertyTourReportPage />} />
          <Route path="/reportVisit" element={<VisitReportPage />} />
          <Route path="/reportMarket" element={<MarketReportPage />} />
          <Route
            path="/afterTourHours"
            element={
              <RequireAuth roles={USER_PM}>
                <AfterTourHoursPage />
              </RequireAuth>
            }
          />
          <Route
            path="/offers"
            element={
              <RequireAuth roles={USER_PM}>
                <OffersListPage />
              </RequireAuth>
            }
          />
          <Route
            path="/offers/:offerId"
            element={
              <RequireAuth roles={USER_PM}>
                <OfferDetailPage />
              </RequireAuth>
            }
          />
          <Route
            path="/customers/:customerId"
            element={
              <RequireAuth roles={USER_PM}>
                <CustomerDetailPage />
              </RequireAuth>
            }
          />
          <Route
            path="/teams"
            element={
              <RequireAuth roles={USER_PM}>
                <TeamsListPage />
              </RequireAuth>
            }
          />
          <Route path="/teams/add" element={<TeamFormPage />} />
          <Route
            path="/webhooks"
            element={
              <RequireAuth roles={USER_PM}>
                <WebhooksListPage />
              </RequireAuth>
            }
          />
          <Route
            path="/webhooks/add"
            element={
              <RequireAuth roles={USER_PM}>
                <WebhookFormPage />
              </RequireAuth>
            }
          />
          <Route
            path="/webhooks/:webhookId"
            element={
              <RequireAuth roles={USER_PM}>
                <WebhookFormPage />
              </RequireAuth>
            }
          />
          <Route
            path="/integrations"
            element={
              <RequireAuth>
                <IntegrationsPage />
              </RequireAuth>
            }
          />
          <Route
            path="/inventory"
            element={
              <RequireAuth roles={USER_PM}>
                <InventoryPage />
              </RequireAuth>
            }
          />
          <Route path="/inventory/:lockSerial" element={<LockDetailsPage />} />
          <Route
            path="/inventory-history"
            element={
              <RequireAuth roles={USER_PM}>
                <HardwareHistoryPage />
              </RequireAuth>
            }
          />
          <Route path="/devices" element={<AlarmDevicesPage />} />
          <Route path="/devices/:id" element={<DeviceWizardPage />} />
          <Route path="/teams/:teamId" element={<TeamFormPage />} />
          {PROPERTY_ROUTES.map((r) => (
            <Route key={r.path} path={r.path} element={<RequireAuth roles={USER_PM}>{r.element}</RequireAuth>} />
          ))}
          {COMMUNITY_ROUTES.map((r) => (
            <Route key={r.path} path={r.path} element={<RequireAuth roles={USER_PM}>{r.element}</RequireAuth>} />
          ))}
          {SETTINGS_ROUTES.map((r) => (
            <Route key={r.path} path={r.path} element={<RequireAuth roles={USER_PM}>{r.element}</RequireAuth>} />
          ))}
          <Route path="/share" element={<SharePage />} />
          <Route path="/training" element={<TrainingPage />} />
          <Route path="/sales-training" element={<SalesTrainingPage />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}
