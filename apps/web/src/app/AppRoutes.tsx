import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { LoginPage } from '../features/auth/LoginPage';
import { MagicLinkPage } from '../features/auth/MagicLinkPage';
import { RequireUser } from '../features/auth/RequireUser';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { SignUpPage } from '../features/auth/SignUpPage';
import { VerifyEmailPage } from '../features/auth/VerifyEmailPage';
import { CratesPage } from '../features/crates/CratesPage';
import { LandingPage } from '../features/landing/LandingPage';
import { ProfileEditPage } from '../features/profile/ProfileEditPage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { CreateRoomPage } from '../features/rooms/CreateRoomPage';
import { RoomPage } from '../features/rooms/room/RoomPage';
import { RoomSettingsPage } from '../features/rooms/RoomSettingsPage';
import { RoomsPage } from '../features/rooms/RoomsPage';
import { UploadPage } from '../features/upload/UploadPage';
import { NotFoundPage } from './NotFoundPage';
import { Shell } from './Shell';

/** Loaded on first visit (the inbox is not needed to listen). */
const MessagesPage = lazy(() => import('../features/messages/MessagesPage'));
const FriendsPage = lazy(() => import('../features/friends/FriendsPage'));
const FollowListPage = lazy(() => import('../features/friends/FollowListPage'));
const FindFriendsPage = lazy(() => import('../features/friends/FindFriendsPage'));
const NotificationsPage = lazy(() => import('../features/notifications/NotificationsPage'));
const AdminPage = lazy(() => import('../features/admin/AdminPage'));
const AdminUserPage = lazy(() => import('../features/admin/AdminUserPage'));
const PlansPage = lazy(() => import('../features/plans/PlansPage'));
const LeaderboardPage = lazy(() => import('../features/points/LeaderboardPage'));
const CommunitiesPage = lazy(() => import('../features/communities/CommunitiesPage'));
const CommunityPage = lazy(() => import('../features/communities/CommunityPage'));
const EventPage = lazy(() => import('../features/events/EventPage'));
const EventFormPage = lazy(() => import('../features/events/EventFormPage'));
const DiscordCallbackPage = lazy(() => import('../features/discord/DiscordCallbackPage'));
const SubscriptionReturnPage = lazy(() => import('../features/plans/SubscriptionReturnPage'));
const AccountPage = lazy(() => import('../features/account/AccountPage'));
const ConnectCallbackPage = lazy(() => import('../features/account/ConnectCallbackPage'));
const NotificationSettingsPage = lazy(
  () => import('../features/notifications/NotificationSettingsPage'),
);

/** A signed-in page loaded on first visit. */
function UserPage({ children }: { children: React.ReactNode }) {
  return (
    <RequireUser>
      <Suspense fallback={null}>{children}</Suspense>
    </RequireUser>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route index element={<LandingPage />} />
        <Route path="signup" element={<SignUpPage />} />
        <Route path="signup/voucher" element={<SignUpPage voucher />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="verify-email" element={<VerifyEmailPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="magic-link/:shortLivedToken/:target" element={<MagicLinkPage />} />
        <Route path="profile/:id" element={<ProfilePage />} />
        <Route
          path="profile/:id/:list"
          element={
            <RequireUser>
              <Suspense fallback={null}>
                <FollowListPage />
              </Suspense>
            </RequireUser>
          }
        />
        <Route
          path="settings/profile"
          element={
            <RequireUser>
              <ProfileEditPage />
            </RequireUser>
          }
        />
        <Route
          path="crates/:crateId?"
          element={
            <RequireUser>
              <CratesPage />
            </RequireUser>
          }
        />
        <Route path="rooms" element={<RoomsPage />} />
        <Route
          path="rooms/new"
          element={
            <RequireUser>
              <CreateRoomPage />
            </RequireUser>
          }
        />
        <Route path="rooms/:slug" element={<RoomPage />} />
        <Route
          path="rooms/:slug/settings"
          element={
            <RequireUser>
              <RoomSettingsPage />
            </RequireUser>
          }
        />
        <Route
          path="upload"
          element={
            <RequireUser>
              <UploadPage />
            </RequireUser>
          }
        />
        <Route
          path="messages/:uid?"
          element={
            <RequireUser>
              <Suspense fallback={null}>
                <MessagesPage />
              </Suspense>
            </RequireUser>
          }
        />
        <Route
          path="friends"
          element={
            <RequireUser>
              <Suspense fallback={null}>
                <FriendsPage />
              </Suspense>
            </RequireUser>
          }
        />
        <Route
          path="friends/find"
          element={
            <UserPage>
              <FindFriendsPage />
            </UserPage>
          }
        />
        <Route
          path="notifications"
          element={
            <UserPage>
              <NotificationsPage />
            </UserPage>
          }
        />
        <Route
          path="settings/notifications"
          element={
            <UserPage>
              <NotificationSettingsPage />
            </UserPage>
          }
        />
        <Route
          path="auth/discord/callback"
          element={
            <Suspense fallback={null}>
              <DiscordCallbackPage />
            </Suspense>
          }
        />
        <Route
          path="communities"
          element={
            <Suspense fallback={null}>
              <CommunitiesPage />
            </Suspense>
          }
        />
        <Route
          path="communities/:id"
          element={
            <Suspense fallback={null}>
              <CommunityPage />
            </Suspense>
          }
        />
        <Route
          path="events/new"
          element={
            <UserPage>
              <EventFormPage />
            </UserPage>
          }
        />
        <Route
          path="events/:slug/edit"
          element={
            <UserPage>
              <EventFormPage />
            </UserPage>
          }
        />
        <Route
          path="events/:slug"
          element={
            <Suspense fallback={null}>
              <EventPage />
            </Suspense>
          }
        />
        <Route
          path="leaderboard"
          element={
            <Suspense fallback={null}>
              <LeaderboardPage />
            </Suspense>
          }
        />
        <Route
          path="plans"
          element={
            <Suspense fallback={null}>
              <PlansPage />
            </Suspense>
          }
        />
        <Route
          path="subscription/return"
          element={
            <UserPage>
              <SubscriptionReturnPage />
            </UserPage>
          }
        />
        <Route
          path="settings/account"
          element={
            <UserPage>
              <AccountPage />
            </UserPage>
          }
        />
        <Route
          path="settings/connections/callback"
          element={
            <UserPage>
              <ConnectCallbackPage />
            </UserPage>
          }
        />
        <Route
          path="admin/:tab?"
          element={
            <UserPage>
              <AdminPage />
            </UserPage>
          }
        />
        <Route
          path="admin/users/:id"
          element={
            <UserPage>
              <AdminUserPage />
            </UserPage>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
