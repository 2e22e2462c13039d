/* Generated from schemas/api by scripts/gen-types.ts (npm run gen:types). Never edit by hand: change the schema and regenerate. */

/**
 * Sites to read; empty or absent means every site in the caller's scope. Ids outside the scope are ignored.
 *
 * @maxItems 5000
 */
export type SiteIds = number[];
/**
 * Accounts to read; empty or absent means every account in scope. Ids outside the scope are ignored.
 *
 * @maxItems 1000
 */
export type AccountIds = number[];
/**
 * The extended data token from sign-in (the x-extended-data-token header may carry it instead).
 */
export type JwtExtendedToken = string;
/**
 * First moment of the period (inclusive), site-local clock time.
 */
export type StartDate = string;
/**
 * Last moment of the period (inclusive); a bare date means the whole day. Must not be before startDate.
 */
export type EndDate = string;
/**
 * Start of the comparison period; default: the same-length span immediately before startDate.
 */
export type PreviousStartDate = string;
/**
 * End of the comparison period (inclusive); required when previousStartDate is sent.
 */
export type PreviousEndDate = string;
/**
 * Rows per page (1 to 100, default 10).
 */
export type Limit = number;
/**
 * Rows to skip before the page (default 0).
 */
export type Skip = number;
/**
 * Relationship ids to include (1 Lead ... 7 Lost); empty or absent means all.
 *
 * @maxItems 50
 */
export type RelationshipIds = number[];
/**
 * A kind of communication: PHONE (a call), SMS (a text), EMAIL or WALKIN (a visit). The data import (schemas/ingest) names this one too.
 */
export type CommType = 'PHONE' | 'SMS' | 'EMAIL' | 'WALKIN';
/**
 * Communication types to include; empty or absent means all the endpoint counts.
 *
 * @maxItems 4
 */
export type CommTypes = CommType[];
/**
 * 1: only first communications of a contact; 0 or absent: all communications.
 */
export type InitialCommunication = 0 | 1;
/**
 * Trend bucket size (default week).
 */
export type TimeTrendGroup = 'week' | 'month' | 'quarter';
/**
 * Employee tables: only employees of this site (the site chip).
 */
export type SiteId = number | null;
/**
 * Sort direction (default asc).
 */
export type SortDirection = 'asc' | 'desc';
/**
 * Field names of the rows, in display order.
 */
export type TableHeaders = string[];
/**
 * Rows over every page
 */
export type TotalRows = number;
/**
 * Totals over all rows of the overall table: the body of the overall table (its sort and paging do not change the totals).
 */
export type AdSourceEffectivenessTotalsRequest = AdSourceEffectivenessOverallRequest;
/**
 * POST /token body (JSON or urlencoded): one of the password, refresh_token and impersonation grants.
 */
export type TokenRequest = {
  /**
   * Which grant: a username and password, a refresh token, or an impersonation code.
   */
  grantType: 'password' | 'refresh_token' | 'impersonation';
  /**
   * The application name.
   */
  clientId: 'HawkEye';
  username?: string;
  password?: string;
  refreshToken?: string;
  /**
   * The impersonation code; the caller's bearer access token must belong to an all-account user.
   */
  impersonationToken?: string;
};
/**
 * Totals over all sites: the body of Missed Calls By Site (its sort and paging do not change the totals).
 */
export type CallerBehaviorTotalsRequest = CallerBehaviorBySiteRequest;
/**
 * Site-local clock time sent "in UTC keeping the local clock fields": YYYY-MM-DD or YYYY-MM-DDTHH:mm[:ss[.sss]][Z].
 */
export type SiteLocalTime = string;
/**
 * Accepted on POST /api/data for compatibility; tiles and pies are not paged.
 */
export type Offset = number;
/**
 * Response time by type (commTypes, relationshipIds, initialCommunication): the body of the trend.
 */
export type CommunicationResponseTimeByTypeRequest = CommunicationResponseTimeTrendRequest;
/**
 * Average response time per type: the body of the trend.
 */
export type CommunicationResponseTimeBoxRequest = CommunicationResponseTimeTrendRequest;
/**
 * Missed Call, Text, Email, Overall.
 */
export type CommunicationResponseTimeBoxResponse = CommunicationResponseTimeBoxRow[];
/**
 * The name of a definition file the editor may read or write: no folders, no dots but the extension; a leading _ marks a library file.
 */
export type DefinitionFileName = string;
/**
 * A definition file's whole text (JSON with comments allowed), at most 65,536 characters (the largest of the repository's is about 17,000): the check of a text, which takes longer the larger it is, runs on a thread of its own, a few at a time per editor.
 */
export type DefinitionText = string;
/**
 * Tile data for tile codes, pie data for pie codes.
 */
export type DataCodesResponse = DataCodesTile | DataCodesPie;
/**
 * Where a subscription's messages go: the subscriber's email address, or a webhook (Slack-compatible JSON, signed with the secret). The secret is write-only: left out on an edit of the same webhook, the one stored is kept.
 */
export type DeliveryChannelRequest = {
  /**
   * email or webhook.
   */
  type: 'email' | 'webhook';
  /**
   * Webhooks: the address messages are posted to, http:// or https://.
   */
  url?: string;
  /**
   * Webhooks: the key of the X-HawkEye-Signature HMAC, 16 to 200 characters.
   */
  secret?: string;
};
/**
 * A time of day on a 24-hour clock, 'HH:MM'.
 */
export type TimeOfDay = string;
/**
 * When a digest is sent, on the clock of the subscriber's time zone: every day, every week on a weekday, or every month on a day of the month, at an hour.
 */
export type DigestSchedule = {
  /**
   * daily, weekly or monthly.
   */
  frequency: 'daily' | 'weekly' | 'monthly';
  /**
   * The hour of the day, 0 to 23, in the subscriber's time zone.
   */
  hour: number;
  /**
   * Weekly digests: the day of the week, 1 Monday to 7 Sunday.
   */
  weekday?: number;
  /**
   * Monthly digests: the day of the month, 1 to 28 (every month has it).
   */
  monthday?: number;
};
/**
 * POST /api/deliveries/subscriptions body: a digest on a schedule, or an alert rule with the subscriber's thresholds. userId (administrators only) subscribes another user.
 */
export type SubscriptionCreateRequest = {
  /**
   * Administrators: the user subscribed (default: the caller).
   */
  userId?: number;
  /**
   * digest or alert.
   */
  kind: 'digest' | 'alert';
  targetId: DeliveryTargetId;
  schedule?: DigestSchedule | null;
  thresholds?: AlertThresholds | null;
  quietHours?: QuietHours | null;
  channel: DeliveryChannelRequest;
  /**
   * Whether nothing is sent for now.
   */
  paused?: boolean;
};
/**
 * The id of the digest or alert rule subscribed to (GET /api/deliveries lists them).
 */
export type DeliveryTargetId = string;
/**
 * Sites in scope, sorted case-insensitively by name.
 */
export type Sites = Site[];
/**
 * Accounts in scope, sorted case-insensitively by name.
 */
export type Accounts = Account[];
/**
 * Lead, Prospect, Applicant, Resident, Vendor, Other in that order (Lost is appended by the pages that use it).
 */
export type Relationships = Relationship[];
/**
 * The body of any endpoint of schemas/api/endpoints.json.
 */
export type DataRequest =
  | DataCodesRequest
  | AdSourceEffectivenessOverallRequest
  | AdSourceEffectivenessBySiteRequest
  | AdSourceEffectivenessTotalsRequest
  | CallerBehaviorBySiteRequest
  | CallerBehaviorTotalsRequest
  | EmployeeCallPerformanceBySiteRequest
  | EmployeeCallPerformanceByEmployeeRequest
  | CommunicationVolumeByTypeRequest
  | CommunicationVolumeBySiteRequest
  | CommunicationVolumeByEmployeeRequest
  | CommunicationVolumeNoResponseBySiteRequest
  | CommunicationVolumeNoResponseByEmployeeRequest
  | CommunicationResponseTimeTrendRequest
  | CommunicationResponseTimeByTypeRequest
  | CommunicationResponseTimeBoxRequest
  | CommunicationResponseTimeBySiteRequest
  | CommunicationResponseTimeByEmployeeRequest
  | ActionRequiredChartRequest
  | ActionRequiredBySiteRequest
  | ActionRequiredByEmployeeRequest
  | CommunicationsLogRequest;

/**
 * Chart by relationship and age (relationshipIds filter).
 */
export interface ActionRequiredChartRequest {
  siteIds?: SiteIds;
  accountIds?: AccountIds;
  jwtExtendedToken?: JwtExtendedToken;
  startDate?: StartDate;
  endDate?: EndDate;
  previousStartDate?: PreviousStartDate;
  previousEndDate?: PreviousEndDate;
  limit?: Limit;
  skip?: Skip;
  relationshipIds?: RelationshipIds;
  commTypes?: CommTypes;
  initialCommunication?: InitialCommunication;
  timeTrendGroup?: TimeTrendGroup;
  siteId?: SiteId;
}
/**
 * Stacked bars: series New (0), Older Than 24hrs (1), Older Than 48hrs (2); categories relationship labels.
 */
export interface ActionRequiredChartResponse {
  /**
   * Chart series
   */
  series: Series[];
  /**
   * Counts over every relationship.
   */
  summary: {
    /**
     * New
     */
    new: number;
    /**
     * Older Than 24hrs
     */
    olderThan24Hours: number;
    /**
     * Older Than 48hrs
     */
    olderThan48Hours: number;
    /**
     * Total
     */
    total: number;
  };
  /**
   * The time the ages count to
   */
  lastDataUpdate: string | null;
}
/**
 * A chart series (SPEC.md section 3).
 */
export interface Series {
  /**
   * Series name
   */
  group: string;
  /**
   * Stack id: series with the same stack are stacked
   */
  stack: string;
  /**
   * Y axis index
   */
  yAxis: number;
  /**
   * Mark type
   */
  type: 'bar' | 'line';
  /**
   * Points
   */
  values: SeriesValue[];
}
/**
 * One point of a chart series.
 */
export interface SeriesValue {
  /**
   * X-axis category (a label, or the ISO start of a trend bucket)
   */
  category: string;
  /**
   * Series label of the point
   */
  label: string;
  /**
   * The figure; null when there is nothing to average
   */
  value: number | null;
  /**
   * Share of the category or bucket total in percent (response-time by type)
   */
  percent?: number | null;
  /**
   * Trend points: the bucket's first and last day
   */
  dateTimeRange?: {
    /**
     * YYYY-MM-DD
     */
    start: string;
    /**
     * YYYY-MM-DD
     */
    end: string;
  };
  /**
   * Trend points: communications averaged
   */
  numberOfCommunications?: number;
}
/**
 * Action Required by Site page; default sort siteName asc.
 */
export interface ActionRequiredBySiteRequest {
  siteIds?: SiteIds;
  accountIds?: AccountIds;
  jwtExtendedToken?: JwtExtendedToken;
  startDate?: StartDate;
  endDate?: EndDate;
  previousStartDate?: PreviousStartDate;
  previousEndDate?: PreviousEndDate;
  limit?: Limit;
  skip?: Skip;
  relationshipIds?: RelationshipIds;
  commTypes?: CommTypes;
  initialCommunication?: InitialCommunication;
  timeTrendGroup?: TimeTrendGroup;
  siteId?: SiteId;
  /**
   * Sort order, first entry first. Columns: siteName, totalCount, newCount, olderThan24HoursCount, olderThan48HoursCount.
   *
   * @maxItems 3
   */
  sort?: {
    /**
     * A sortable field of the rows
     */
    column: 'siteName' | 'totalCount' | 'newCount' | 'olderThan24HoursCount' | 'olderThan48HoursCount';
    direction?: SortDirection;
  }[];
}
/**
 * Action Required by Employee page (siteId narrows); default sort fullName asc.
 */
export interface ActionRequiredByEmployeeRequest {
  siteIds?: SiteIds;
  accountIds?: AccountIds;
  jwtExtendedToken?: JwtExtendedToken;
  startDate?: StartDate;
  endDate?: EndDate;
  previousStartDate?: PreviousStartDate;
  previousEndDate?: PreviousEndDate;
  limit?: Limit;
  skip?: Skip;
  relationshipIds?: RelationshipIds;
  commTypes?: CommTypes;
  initialCommunication?: InitialCommunication;
  timeTrendGroup?: TimeTrendGroup;
  siteId?: SiteId;
  /**
   * Sort order, first entry first. Columns: fullName, siteName, totalCount, newCount, olderThan24HoursCount, olderThan48HoursCount.
   *
   * @maxItems 3
   */
  sort?: {
    /**
     * A sortable field of the rows
     */
    column:
      'fullName' | 'siteName' | 'totalCount' | 'newCount' | 'olderThan24HoursCount' | 'olderThan48HoursCount';
    direction?: SortDirection;
  }[];
}
/**
 * One site.
 */
export interface ActionRequiredBySiteRow {
  /**
   * Site id
   */
  siteId: number;
  /**
   * Whether the site is active (inactive rows get the (Inactive) suffix)
   */
  siteIsActive: boolean;
  /**
   * Site name
   */
  siteName: string;
  /**
   * Open items
   */
  totalCount: number;
  /**
   * Open items younger than 24 hours
   */
  newCount: number;
  /**
   * Open items 24 to 48 hours old
   */
  olderThan24HoursCount: number;
  /**
   * Open items 48 hours old or more
   */
  olderThan48HoursCount: number;
  /**
   * Total rows over every page minus 1
   */
  maxIndex: number;
}
/**
 * One employee.
 */
export interface ActionRequiredByEmployeeRow {
  /**
   * Employee id
   */
  employeeId: number;
  /**
   * First and last name
   */
  fullName: string;
  /**
   * Whether the employee is active
   */
  userIsActive: boolean;
  /**
   * Site id
   */
  siteId: number;
  /**
   * Whether the site is active (inactive rows get the (Inactive) suffix)
   */
  siteIsActive: boolean;
  /**
   * Site name
   */
  siteName: string;
  /**
   * Open items
   */
  totalCount: number;
  /**
   * Open items younger than 24 hours
   */
  newCount: number;
  /**
   * Open items 24 to 48 hours old
   */
  olderThan24HoursCount: number;
  /**
   * Open items 48 hours old or more
   */
  olderThan48HoursCount: number;
  /**
   * Total rows over every page minus 1
   */
  maxIndex: number;
}
/**
 * By-site page.
 */
export interface ActionRequiredBySite {
  headers: TableHeaders;
  /**
   * The page of rows
   */
  values: ActionRequiredBySiteRow[];
  totalRows: TotalRows;
}
/**
 * By-employee page.
 */
export interface ActionRequiredByEmployee {
  headers: TableHeaders;
  /**
   * The page of rows
   */
  values: ActionRequiredByEmployeeRow[];
  totalRows: TotalRows;
}
/**
 * Sums over every row.
 */
export interface ActionRequiredTotals {
  /**
   * Open items
   */
  totalCount: number;
  /**
   * Open items younger than 24 hours
   */
  newCount: number;
  /**
   * Open items 24 to 48 hours old
   */
  olderThan24HoursCount: number;
  /**
   * Open items 48 hours old or more
   */
  olderThan48HoursCount: number;
}
/**
 * Overall table page; default sort prospects desc.
 */
export interface AdSourceEffectivenessOverallRequest {
  siteIds?: SiteIds;
  accountIds?: AccountIds;
  jwtExtendedToken?: JwtExtendedToken;
  startDate: StartDate;
  endDate: EndDate;
  previousStartDate?: PreviousStartDate;
  previousEndDate?: PreviousEndDate;
  limit?: Limit;
  skip?: Skip;
  relationshipIds?: RelationshipIds;
  commTypes?: CommTypes;
  initialCommunication?: InitialCommunication;
  timeTrendGroup?: TimeTrendGroup;
  siteId?: SiteId;
  /**
   * Sort order, first entry first. Columns: adSourceName, callCount, prospects, prospectPercent, lease.
   *
   * @maxItems 3
   */
  sort?: {
    /**
     * A sortable field of the rows
     */
    column: 'adSourceName' | 'callCount' | 'prospects' | 'prospectPercent' | 'lease';
    direction?: SortDirection;
  }[];
}
/**
 * By-site table page; default sort siteName asc (only siteName sorts).
 */
export interface AdSourceEffectivenessBySiteRequest {
  siteIds?: SiteIds;
  accountIds?: AccountIds;
  jwtExtendedToken?: JwtExtendedToken;
  startDate: StartDate;
  endDate: EndDate;
  previousStartDate?: PreviousStartDate;
  previousEndDate?: PreviousEndDate;
  limit?: Limit;
  skip?: Skip;
  relationshipIds?: RelationshipIds;
  commTypes?: CommTypes;
  initialCommunication?: InitialCommunication;
  timeTrendGroup?: TimeTrendGroup;
  siteId?: SiteId;
  /**
   * Sort order, first entry first. Columns: siteName.
   *
   * @maxItems 3
   */
  sort?: {
    /**
     * A sortable field of the rows
     */
    column: 'siteName';
    direction?: SortDirection;
  }[];
}
/**
 * One ad source.
 */
export interface AdSourceEffectivenessOverallRow {
  /**
   * Ad source id (a key for links and drills)
   */
  adSourceId: number;
  /**
   * Ad source name
   */
  adSourceName: string;
  /**
   * Whether the ad source is active
   */
  adSourceIsActive: boolean;
  /**
   * Inbound calls from the ad source
   */
  callCount: number;
  /**
   * Of those, calls whose caller type is prospect
   */
  prospects: number;
  /**
   * prospects / callCount x 100; null without calls
   */
  prospectPercent: number | null;
  /**
   * Leases signed in the period credited to the ad source
   */
  lease: number;
  /**
   * Total rows over every page minus 1
   */
  maxIndex: number;
}
/**
 * One ad source at one site.
 */
export interface AdSourceEffectivenessBySiteRow {
  /**
   * Site id
   */
  siteId: number;
  /**
   * Site name
   */
  siteName: string;
  /**
   * Whether the site is active (inactive rows get the (Inactive) suffix)
   */
  siteIsActive: boolean;
  /**
   * Ad source id (a key for links and drills)
   */
  adSourceId: number;
  /**
   * Ad source name
   */
  adSourceName: string;
  /**
   * Whether the ad source is active
   */
  adSourceIsActive: boolean;
  /**
   * Inbound calls from the ad source
   */
  callCount: number;
  /**
   * Of those, calls whose caller type is prospect
   */
  prospects: number;
  /**
   * prospects / callCount x 100; null without calls
   */
  prospectPercent: number | null;
  /**
   * Leases signed in the period credited to the ad source
   */
  lease: number;
  /**
   * Total rows over every page minus 1
   */
  maxIndex: number;
}
/**
 * Overall table page.
 */
export interface AdSourceEffectivenessOverall {
  headers: TableHeaders;
  /**
   * The page of rows
   */
  values: AdSourceEffectivenessOverallRow[];
  totalRows: TotalRows;
}
/**
 * By-site table page (rows of one site are consecutive).
 */
export interface AdSourceEffectivenessBySite {
  headers: TableHeaders;
  /**
   * The page of rows
   */
  values: AdSourceEffectivenessBySiteRow[];
  totalRows: TotalRows;
}
/**
 * Sums over every row.
 */
export interface AdSourceEffectivenessTotals {
  /**
   * Calls
   */
  callCount: number;
  /**
   * Prospects
   */
  prospects: number;
  /**
   * prospects / calls x 100
   */
  prospectPercent: number | null;
  /**
   * Leases
   */
  lease: number;
}
/**
 * The payload of the access token (an HS256 JWT) that POST /token answers as accessToken and every signed-in request carries as its bearer token.
 */
export interface AccessTokenPayload {
  /**
   * The kind of token.
   */
  typ: 'access';
  /**
   * The issuer.
   */
  iss: 'hawkeye';
  /**
   * The user's id, in decimal.
   */
  sub: string;
  /**
   * The user's username.
   */
  username: string;
  /**
   * The session (refresh token family) the token was issued for: ending it ends the token too.
   */
  sid: string;
  /**
   * Username of the all-account user acting as this user; absent when not impersonating.
   */
  imp?: string;
  /**
   * A unique id, so two tokens issued within one second still differ.
   */
  jti: string;
  /**
   * Issued at, seconds since the epoch.
   */
  iat: number;
  /**
   * Expires at, seconds since the epoch.
   */
  exp: number;
}
/**
 * Every refusal of the auth routes. 400: error 'Bad Request' with field (JSON pointer). 401: 'invalid_grant', 'invalid_token', 'invalid_impersonation_token' or 'invalid_reset_token'. 403: 'access_denied'. 404: 'unknown_username'. 429: 'too_many_requests' (with a Retry-After header).
 */
export interface AuthError {
  error: string;
  message: string;
  field?: string;
}
/**
 * POST /claims (and GET /claims with the extended data token): who the caller is and what they may do.
 */
export interface ClaimsResponse {
  username: string;
  firstName: string;
  lastName: string;
  /**
   * The user's email address (prefills the feedback and support forms).
   */
  email: string;
  allAccountAccess: boolean;
  /**
   * AccountId (one per granted account), AllAccountAccess ('true' or 'false'), then the user's other claims such as HawkEyeDashboardILS.
   */
  claims: Claim[];
  isImpersonating: boolean;
  /**
   * Username of the all-account user acting as this user; null when not impersonating.
   */
  impersonator: string | null;
  /**
   * GET /claims only: the scope the extended data token grants.
   */
  dataScope?: {
    allAccounts: boolean;
    accountIds: number[];
  };
}
/**
 * One claim: a type and its value, e.g. HawkEyeDashboardILS = Read.
 */
export interface Claim {
  type: string;
  value: string;
}
/**
 * The payload of the extended data token (an HS256 JWT) that POST /token answers as extendedDataToken: the accounts the user may read. Data requests carry it as jwtExtendedToken or in the x-extended-data-token header.
 */
export interface ExtendedDataTokenPayload {
  /**
   * The kind of token.
   */
  typ: 'extended-data';
  /**
   * The issuer.
   */
  iss: 'hawkeye';
  /**
   * The user's id, in decimal.
   */
  sub: string;
  /**
   * The session the token was issued for, as in the access token.
   */
  sid: string;
  /**
   * Whether the user may read every account.
   */
  all: boolean;
  /**
   * The accounts the user may read when not all.
   */
  acc: number[];
  /**
   * Issued at, seconds since the epoch.
   */
  iat: number;
  /**
   * Expires at, seconds since the epoch.
   */
  exp: number;
}
/**
 * POST /forgotpassword body: the user who wants a reset link by email.
 */
export interface ForgotPasswordRequest {
  username: string;
}
/**
 * POST /logout body: the refresh token whose session (its whole rotation family) ends.
 */
export interface LogoutRequest {
  refreshToken: string;
}
/**
 * The answer of POST /logout, /forgotpassword and /reset-password when they succeed.
 */
export interface OkResponse {
  ok: true;
  message?: string;
}
/**
 * POST /reset-password body: the token from the emailed link and the new password (the policy of src/shared/passwordPolicy.ts applies).
 */
export interface ResetPasswordRequest {
  token: string;
  password: string;
}
/**
 * The authentication response of every grant of POST /token.
 */
export interface TokenResponse {
  /**
   * Bearer token for every request; short-lived (15 minutes by default).
   */
  accessToken: string;
  /**
   * Single-use: each refresh answers a new one and spends this one.
   */
  refreshToken: string;
  userId: number;
  /**
   * The user's data scope, sent with every data request (jwtExtendedToken or x-extended-data-token); replace it on every refresh.
   */
  extendedDataToken: string;
  /**
   * Seconds until the access token expires.
   */
  expiresIn: number;
}
/**
 * Missed Calls By Site page; default sort missedCallPercent desc.
 */
export interface CallerBehaviorBySiteRequest {
  siteIds?: SiteIds;
  accountIds?: AccountIds;
  jwtExtendedToken?: JwtExtendedToken;
  startDate: StartDate;
  endDate: EndDate;
  previousStartDate?: PreviousStartDate;
  previousEndDate?: PreviousEndDate;
  limit?: Limit;
  skip?: Skip;
  relationshipIds?: RelationshipIds;
  commTypes?: CommTypes;
  initialCommunication?: InitialCommunication;
  timeTrendGroup?: TimeTrendGroup;
  siteId?: SiteId;
  /**
   * Sort order, first entry first. Columns: site, totalCallCount, missedCallCount, missedCallPercent.
   *
   * @maxItems 3
   */
  sort?: {
    /**
     * A sortable field of the rows
     */
    column: 'site' | 'totalCallCount' | 'missedCallCount' | 'missedCallPercent';
    direction?: SortDirection;
  }[];
}
/**
 * One site.
 */
export interface CallerBehaviorBySiteRow {
  /**
   * Site id
   */
  siteId: number;
  /**
   * Whether the site is active (inactive rows get the (Inactive) suffix)
   */
  siteIsActive: boolean;
  /**
   * Site name
   */
  site: string;
  /**
   * Inbound calls
   */
  totalCallCount: number;
  /**
   * Missed inbound calls
   */
  missedCallCount: number;
  /**
   * missed / calls x 100; null without calls
   */
  missedCallPercent: number | null;
  /**
   * Total rows over every page minus 1
   */
  maxIndex: number;
}
/**
 * Missed Calls By Site page.
 */
export interface CallerBehaviorBySite {
  headers: TableHeaders;
  /**
   * The page of rows
   */
  values: CallerBehaviorBySiteRow[];
  totalRows: TotalRows;
}
/**
 * Sums over every site.
 */
export interface CallerBehaviorTotals {
  /**
   * Inbound calls
   */
  totalCallCount: number;
  /**
   * Missed calls
   */
  missedCallCount: number;
  /**
   * missed / calls x 100
   */
  missedCallPercent: number | null;
}
/**
 * Any 4xx or 5xx answer.
 */
export interface ErrorAnswer {
  /**
   * HTTP reason
   */
  error: string;
  /**
   * What went wrong, naming the field
   */
  message: string;
  /**
   * JSON pointer of the offending body field (validation errors)
   */
  field?: string;
}
/**
 * Average response time trend (timeTrendGroup, relationshipIds, initialCommunication, commTypes of PHONE/SMS/EMAIL).
 */
export interface CommunicationResponseTimeTrendRequest {
  siteIds?: SiteIds;
  accountIds?: AccountIds;
  jwtExtendedToken?: JwtExtendedToken;
  startDate: StartDate;
  endDate: EndDate;
  previousStartDate?: PreviousStartDate;
  previousEndDate?: PreviousEndDate;
  limit?: Limit;
  skip?: Skip;
  relationshipIds?: RelationshipIds;
  commTypes?: CommTypes;
  initialCommunication?: InitialCommunication;
  timeTrendGroup?: TimeTrendGroup;
  siteId?: SiteId;
}
/**
 * Line series Missed Call, Text, Email and Overall; value is the average response in seconds per bucket.
 */
export interface CommunicationResponseTimeTrendResponse {
  /**
   * Chart series
   */
  series: Series[];
}
/**
 * One bucket over the selected types.
 */
export interface CommunicationResponseTimeBucketSummary {
  /**
   * Bucket key (timeInverval1..6, notRespondedTo)
   */
  bucket: string;
  /**
   * Bucket label
   */
  label: string;
  /**
   * Communications in the bucket
   */
  count: number;
  /**
   * Share of all response-required communications in percent, unrounded (the page rounds it once); null when there are none
   */
  percent: number | null;
}
/**
 * Stacked bars: one series per type (Missed Call, Text, Email), categories the bucket labels; value a count, percent its share of the type.
 */
export interface CommunicationResponseTimeByTypeResponse {
  /**
   * Chart series
   */
  series: Series[];
  /**
   * Per bucket over every selected type
   */
  summary: CommunicationResponseTimeBucketSummary[];
}
/**
 * One type.
 */
export interface CommunicationResponseTimeBoxRow {
  /**
   * Type of communication
   */
  messageType: 'Missed Call' | 'Text' | 'Email' | 'Overall';
  /**
   * Average response in seconds; null when nothing was answered
   */
  commTypeAverage: number | null;
}
/**
 * Response Time by Site page; default sort siteName asc. Bucket columns sort by their percent.
 */
export interface CommunicationResponseTimeBySiteRequest {
  siteIds?: SiteIds;
  accountIds?: AccountIds;
  jwtExtendedToken?: JwtExtendedToken;
  startDate: StartDate;
  endDate: EndDate;
  previousStartDate?: PreviousStartDate;
  previousEndDate?: PreviousEndDate;
  limit?: Limit;
  skip?: Skip;
  relationshipIds?: RelationshipIds;
  commTypes?: CommTypes;
  initialCommunication?: InitialCommunication;
  timeTrendGroup?: TimeTrendGroup;
  siteId?: SiteId;
  /**
   * Sort order, first entry first. Columns: siteName, timeInverval1, timeInverval2, timeInverval3, timeInverval4, timeInverval5, timeInverval6, notRespondedTo.
   *
   * @maxItems 3
   */
  sort?: {
    /**
     * A sortable field of the rows
     */
    column:
      | 'siteName'
      | 'timeInverval1'
      | 'timeInverval2'
      | 'timeInverval3'
      | 'timeInverval4'
      | 'timeInverval5'
      | 'timeInverval6'
      | 'notRespondedTo';
    direction?: SortDirection;
  }[];
}
/**
 * Response Time by Employee page (siteId narrows); default sort employee asc.
 */
export interface CommunicationResponseTimeByEmployeeRequest {
  siteIds?: SiteIds;
  accountIds?: AccountIds;
  jwtExtendedToken?: JwtExtendedToken;
  startDate: StartDate;
  endDate: EndDate;
  previousStartDate?: PreviousStartDate;
  previousEndDate?: PreviousEndDate;
  limit?: Limit;
  skip?: Skip;
  relationshipIds?: RelationshipIds;
  commTypes?: CommTypes;
  initialCommunication?: InitialCommunication;
  timeTrendGroup?: TimeTrendGroup;
  siteId?: SiteId;
  /**
   * Sort order, first entry first. Columns: employee, siteName, timeInverval1, timeInverval2, timeInverval3, timeInverval4, timeInverval5, timeInverval6, notRespondedTo.
   *
   * @maxItems 3
   */
  sort?: {
    /**
     * A sortable field of the rows
     */
    column:
      | 'employee'
      | 'siteName'
      | 'timeInverval1'
      | 'timeInverval2'
      | 'timeInverval3'
      | 'timeInverval4'
      | 'timeInverval5'
      | 'timeInverval6'
      | 'notRespondedTo';
    direction?: SortDirection;
  }[];
}
/**
 * One site.
 */
export interface CommunicationResponseTimeBySiteRow {
  /**
   * Site id
   */
  siteId: number;
  /**
   * Whether the site is active (inactive rows get the (Inactive) suffix)
   */
  siteIsActive: boolean;
  /**
   * Site name
   */
  siteName: string;
  /**
   * 0 - 5min: text 'NN.N% (count)' of the row's response-required communications
   */
  timeInverval1: string;
  /**
   * 5min - 30min: text 'NN.N% (count)' of the row's response-required communications
   */
  timeInverval2: string;
  /**
   * 30min - 1hr: text 'NN.N% (count)' of the row's response-required communications
   */
  timeInverval3: string;
  /**
   * 1hr - 12hrs: text 'NN.N% (count)' of the row's response-required communications
   */
  timeInverval4: string;
  /**
   * 12hrs - 24hrs: text 'NN.N% (count)' of the row's response-required communications
   */
  timeInverval5: string;
  /**
   * Older Than 24hrs: text 'NN.N% (count)' of the row's response-required communications
   */
  timeInverval6: string;
  /**
   * Not Responded To: text 'NN.N% (count)' of the row's response-required communications
   */
  notRespondedTo: string;
  /**
   * Total rows over every page minus 1
   */
  maxIndex: number;
}
/**
 * One employee.
 */
export interface CommunicationResponseTimeByEmployeeRow {
  /**
   * Employee id
   */
  employeeId: number;
  /**
   * Employee first and last name
   */
  employee: string;
  /**
   * Whether the employee is active
   */
  employeeIsActive: boolean;
  /**
   * Site id
   */
  siteId: number;
  /**
   * Whether the site is active (inactive rows get the (Inactive) suffix)
   */
  siteIsActive: boolean;
  /**
   * Site name
   */
  siteName: string;
  /**
   * 0 - 5min: text 'NN.N% (count)' of the row's response-required communications
   */
  timeInverval1: string;
  /**
   * 5min - 30min: text 'NN.N% (count)' of the row's response-required communications
   */
  timeInverval2: string;
  /**
   * 30min - 1hr: text 'NN.N% (count)' of the row's response-required communications
   */
  timeInverval3: string;
  /**
   * 1hr - 12hrs: text 'NN.N% (count)' of the row's response-required communications
   */
  timeInverval4: string;
  /**
   * 12hrs - 24hrs: text 'NN.N% (count)' of the row's response-required communications
   */
  timeInverval5: string;
  /**
   * Older Than 24hrs: text 'NN.N% (count)' of the row's response-required communications
   */
  timeInverval6: string;
  /**
   * Not Responded To: text 'NN.N% (count)' of the row's response-required communications
   */
  notRespondedTo: string;
  /**
   * Total rows over every page minus 1
   */
  maxIndex: number;
}
/**
 * By-site page.
 */
export interface CommunicationResponseTimeBySite {
  headers: TableHeaders;
  /**
   * The page of rows
   */
  values: CommunicationResponseTimeBySiteRow[];
  totalRows: TotalRows;
}
/**
 * By-employee page.
 */
export interface CommunicationResponseTimeByEmployee {
  headers: TableHeaders;
  /**
   * The page of rows
   */
  values: CommunicationResponseTimeByEmployeeRow[];
  totalRows: TotalRows;
}
/**
 * Sums over every row.
 */
export interface CommunicationResponseTimeTotals {
  /**
   * 0 - 5min: text 'NN.N% (count)' of the row's response-required communications
   */
  timeInverval1: string;
  /**
   * 5min - 30min: text 'NN.N% (count)' of the row's response-required communications
   */
  timeInverval2: string;
  /**
   * 30min - 1hr: text 'NN.N% (count)' of the row's response-required communications
   */
  timeInverval3: string;
  /**
   * 1hr - 12hrs: text 'NN.N% (count)' of the row's response-required communications
   */
  timeInverval4: string;
  /**
   * 12hrs - 24hrs: text 'NN.N% (count)' of the row's response-required communications
   */
  timeInverval5: string;
  /**
   * Older Than 24hrs: text 'NN.N% (count)' of the row's response-required communications
   */
  timeInverval6: string;
  /**
   * Not Responded To: text 'NN.N% (count)' of the row's response-required communications
   */
  notRespondedTo: string;
}
/**
 * Volume by type chart (relationshipIds filter).
 */
export interface CommunicationVolumeByTypeRequest {
  siteIds?: SiteIds;
  accountIds?: AccountIds;
  jwtExtendedToken?: JwtExtendedToken;
  startDate: StartDate;
  endDate: EndDate;
  previousStartDate?: PreviousStartDate;
  previousEndDate?: PreviousEndDate;
  limit?: Limit;
  skip?: Skip;
  relationshipIds?: RelationshipIds;
  commTypes?: CommTypes;
  initialCommunication?: InitialCommunication;
  timeTrendGroup?: TimeTrendGroup;
  siteId?: SiteId;
}
/**
 * Inbound and Outbound bar series over the categories Calls, Emails, Texts, Walk-Ins.
 */
export interface CommunicationVolumeByTypeResponse {
  /**
   * Chart series
   */
  series: Series[];
}
/**
 * Volume by Site page; default sort site asc.
 */
export interface CommunicationVolumeBySiteRequest {
  siteIds?: SiteIds;
  accountIds?: AccountIds;
  jwtExtendedToken?: JwtExtendedToken;
  startDate: StartDate;
  endDate: EndDate;
  previousStartDate?: PreviousStartDate;
  previousEndDate?: PreviousEndDate;
  limit?: Limit;
  skip?: Skip;
  relationshipIds?: RelationshipIds;
  commTypes?: CommTypes;
  initialCommunication?: InitialCommunication;
  timeTrendGroup?: TimeTrendGroup;
  siteId?: SiteId;
  /**
   * Sort order, first entry first. Columns: site, totalCommCount, inbound, outbound.
   *
   * @maxItems 3
   */
  sort?: {
    /**
     * A sortable field of the rows
     */
    column: 'site' | 'totalCommCount' | 'inbound' | 'outbound';
    direction?: SortDirection;
  }[];
}
/**
 * Volume by Employee page (siteId narrows); default sort employee asc.
 */
export interface CommunicationVolumeByEmployeeRequest {
  siteIds?: SiteIds;
  accountIds?: AccountIds;
  jwtExtendedToken?: JwtExtendedToken;
  startDate: StartDate;
  endDate: EndDate;
  previousStartDate?: PreviousStartDate;
  previousEndDate?: PreviousEndDate;
  limit?: Limit;
  skip?: Skip;
  relationshipIds?: RelationshipIds;
  commTypes?: CommTypes;
  initialCommunication?: InitialCommunication;
  timeTrendGroup?: TimeTrendGroup;
  siteId?: SiteId;
  /**
   * Sort order, first entry first. Columns: employee, site, siteOutboundCommCount, outbound.
   *
   * @maxItems 3
   */
  sort?: {
    /**
     * A sortable field of the rows
     */
    column: 'employee' | 'site' | 'siteOutboundCommCount' | 'outbound';
    direction?: SortDirection;
  }[];
}
/**
 * One site.
 */
export interface CommunicationVolumeBySiteRow {
  /**
   * Site id
   */
  siteId: number;
  /**
   * Whether the site is active (inactive rows get the (Inactive) suffix)
   */
  siteIsActive: boolean;
  /**
   * Site name
   */
  site: string;
  /**
   * Communications, both directions
   */
  totalCommCount: number;
  /**
   * Inbound communications and share of the total: text 'count (percent)', e.g. '120 (60.0%)'
   */
  inbound: string;
  /**
   * Outbound communications and share of the total: text 'count (percent)', e.g. '120 (60.0%)'
   */
  outbound: string;
  /**
   * Total rows over every page minus 1
   */
  maxIndex: number;
}
/**
 * One employee.
 */
export interface CommunicationVolumeByEmployeeRow {
  /**
   * Employee id
   */
  employeeId: number;
  /**
   * Employee first and last name
   */
  employee: string;
  /**
   * Whether the employee is active
   */
  employeeIsActive: boolean;
  /**
   * Site name
   */
  site: string;
  /**
   * Site id
   */
  siteId: number;
  /**
   * Whether the site is active (inactive rows get the (Inactive) suffix)
   */
  siteIsActive: boolean;
  /**
   * Outbound communications of the whole site
   */
  siteOutboundCommCount: number;
  /**
   * Outbound communications of the employee and share of the site outbound: text 'count (percent)', e.g. '120 (60.0%)'
   */
  outbound: string;
  /**
   * Total rows over every page minus 1
   */
  maxIndex: number;
}
/**
 * Volume by Site page.
 */
export interface CommunicationVolumeBySite {
  headers: TableHeaders;
  /**
   * The page of rows
   */
  values: CommunicationVolumeBySiteRow[];
  totalRows: TotalRows;
}
/**
 * Volume by Employee page.
 */
export interface CommunicationVolumeByEmployee {
  headers: TableHeaders;
  /**
   * The page of rows
   */
  values: CommunicationVolumeByEmployeeRow[];
  totalRows: TotalRows;
}
/**
 * Sums over every site.
 */
export interface CommunicationVolumeTotals {
  /**
   * Communications
   */
  totalCommCount: number;
  /**
   * Inbound: text 'count (percent)', e.g. '120 (60.0%)'
   */
  inbound: string;
  /**
   * Outbound: text 'count (percent)', e.g. '120 (60.0%)'
   */
  outbound: string;
}
/**
 * No Response Volume by Site page; default sort site asc.
 */
export interface CommunicationVolumeNoResponseBySiteRequest {
  siteIds?: SiteIds;
  accountIds?: AccountIds;
  jwtExtendedToken?: JwtExtendedToken;
  startDate: StartDate;
  endDate: EndDate;
  previousStartDate?: PreviousStartDate;
  previousEndDate?: PreviousEndDate;
  limit?: Limit;
  skip?: Skip;
  relationshipIds?: RelationshipIds;
  commTypes?: CommTypes;
  initialCommunication?: InitialCommunication;
  timeTrendGroup?: TimeTrendGroup;
  siteId?: SiteId;
  /**
   * Sort order, first entry first. Columns: site, inbound, noResponseRequired.
   *
   * @maxItems 3
   */
  sort?: {
    /**
     * A sortable field of the rows
     */
    column: 'site' | 'inbound' | 'noResponseRequired';
    direction?: SortDirection;
  }[];
}
/**
 * No Response Volume by Employee page (siteId narrows); default sort employee asc.
 */
export interface CommunicationVolumeNoResponseByEmployeeRequest {
  siteIds?: SiteIds;
  accountIds?: AccountIds;
  jwtExtendedToken?: JwtExtendedToken;
  startDate: StartDate;
  endDate: EndDate;
  previousStartDate?: PreviousStartDate;
  previousEndDate?: PreviousEndDate;
  limit?: Limit;
  skip?: Skip;
  relationshipIds?: RelationshipIds;
  commTypes?: CommTypes;
  initialCommunication?: InitialCommunication;
  timeTrendGroup?: TimeTrendGroup;
  siteId?: SiteId;
  /**
   * Sort order, first entry first. Columns: employee, site, siteInboundCount, noResponseRequired.
   *
   * @maxItems 3
   */
  sort?: {
    /**
     * A sortable field of the rows
     */
    column: 'employee' | 'site' | 'siteInboundCount' | 'noResponseRequired';
    direction?: SortDirection;
  }[];
}
/**
 * One site.
 */
export interface CommunicationVolumeNoResponseBySiteRow {
  /**
   * Site id
   */
  siteId: number;
  /**
   * Whether the site is active (inactive rows get the (Inactive) suffix)
   */
  siteIsActive: boolean;
  /**
   * Site name
   */
  site: string;
  /**
   * Inbound communications
   */
  inbound: number;
  /**
   * Inbound communications that needed no reply
   */
  noResponseRequired: number;
  /**
   * Total rows over every page minus 1
   */
  maxIndex: number;
}
/**
 * One employee.
 */
export interface CommunicationVolumeNoResponseByEmployeeRow {
  /**
   * Employee id
   */
  employeeId: number;
  /**
   * Employee first and last name
   */
  employee: string;
  /**
   * Whether the employee is active
   */
  employeeIsActive: boolean;
  /**
   * Site name
   */
  site: string;
  /**
   * Site id
   */
  siteId: number;
  /**
   * Whether the site is active (inactive rows get the (Inactive) suffix)
   */
  siteIsActive: boolean;
  /**
   * Inbound communications of the whole site
   */
  siteInboundCount: number;
  /**
   * Inbound communications of the employee that needed no reply
   */
  noResponseRequired: number;
  /**
   * Total rows over every page minus 1
   */
  maxIndex: number;
}
/**
 * No Response by Site page.
 */
export interface CommunicationVolumeNoResponseBySite {
  headers: TableHeaders;
  /**
   * The page of rows
   */
  values: CommunicationVolumeNoResponseBySiteRow[];
  totalRows: TotalRows;
}
/**
 * No Response by Employee page.
 */
export interface CommunicationVolumeNoResponseByEmployee {
  headers: TableHeaders;
  /**
   * The page of rows
   */
  values: CommunicationVolumeNoResponseByEmployeeRow[];
  totalRows: TotalRows;
}
/**
 * Sums over every row (for employee rows: the employees' own communications).
 */
export interface CommunicationVolumeNoResponseTotals {
  /**
   * Communications, both directions
   */
  totalCommCount: number;
  /**
   * Inbound communications
   */
  inbound: number;
  /**
   * Outbound communications
   */
  outbound: number;
  /**
   * Inbound communications that needed no reply
   */
  noResponseRequired: number;
}
/**
 * A page of the log; default sort occurredAt desc.
 */
export interface CommunicationsLogRequest {
  siteIds?: SiteIds;
  accountIds?: AccountIds;
  jwtExtendedToken?: JwtExtendedToken;
  startDate: StartDate;
  endDate: EndDate;
  previousStartDate?: PreviousStartDate;
  previousEndDate?: PreviousEndDate;
  limit?: Limit;
  skip?: Skip;
  /**
   * Only communications of this site (within the sites in scope).
   */
  siteId?: number | null;
  /**
   * Only communications handled by this employee.
   */
  employeeId?: number | null;
  commTypes?: CommTypes;
  /**
   * Only inbound or only outbound communications; null or absent: both.
   */
  direction?: 'inbound' | 'outbound' | null;
  relationshipIds?: RelationshipIds;
  /**
   * Caller types of inbound calls to include (prospect, non_prospect, undetermined); empty or absent: any, including communications without one.
   *
   * @maxItems 3
   */
  callerTypes?: ('prospect' | 'non_prospect' | 'undetermined')[];
  /**
   * Call results to include; empty or absent: any, including communications without one.
   *
   * @maxItems 8
   */
  callResults?: (
    | 'Answered'
    | 'Left Message/Voicemail'
    | 'Answering Service/Call Center'
    | 'Automated Assistant'
    | 'Resident Automated Assistant'
    | 'Hangup'
    | 'Hangup - Short'
    | 'Automated Assistant - Undetermined'
  )[];
  /**
   * true: only missed calls; false: only communications that were not missed; null or absent: both.
   */
  missed?: boolean | null;
  /**
   * Only calls lasting at least this many seconds.
   */
  minDurationSeconds?: number | null;
  /**
   * Only calls lasting at most this many seconds.
   */
  maxDurationSeconds?: number | null;
  /**
   * Only communications from this ad source.
   */
  adSourceId?: number | null;
  /**
   * true: only communications that wait for a reply (inbound missed calls, texts and emails flagged response-required, the Response Time page's population); false: only the others; null or absent: both.
   */
  responseRequired?: boolean | null;
  /**
   * Response-time buckets to include (the Response Time table's columns: timeInverval1 0 - 5min ... timeInverval6 Older Than 24hrs, notRespondedTo); implies responseRequired.
   *
   * @maxItems 7
   */
  responseBuckets?: (
    | 'timeInverval1'
    | 'timeInverval2'
    | 'timeInverval3'
    | 'timeInverval4'
    | 'timeInverval5'
    | 'timeInverval6'
    | 'notRespondedTo'
  )[];
  initialCommunication?: InitialCommunication;
  /**
   * true: only calls scored by telephone performance analysis, whose score falls in the period (the Call Performance tables' Scored Calls); null or absent: any.
   */
  scored?: boolean | null;
  /**
   * Only the communications behind open action items (the Action Required page's counts) of these ages before the last data update: new (under 24 hours), olderThan24Hours (24 to 48 hours), olderThan48Hours (48 hours or more). Action Required counts what waits as of the last update whatever the period, so with this filter the period (startDate, endDate) does not narrow the rows; empty or absent: no such filter.
   *
   * @maxItems 3
   */
  actionRequiredAges?: ('new' | 'olderThan24Hours' | 'olderThan48Hours')[];
  /**
   * Sort order, first entry first. Columns: occurredAt, site, employee, commType, direction, relationship, callerType, callResult, isMissed, durationSeconds, adSource, responseSeconds; default occurredAt desc.
   *
   * @maxItems 3
   */
  sort?: {
    /**
     * A sortable field of the rows
     */
    column:
      | 'occurredAt'
      | 'site'
      | 'employee'
      | 'commType'
      | 'direction'
      | 'relationship'
      | 'callerType'
      | 'callResult'
      | 'isMissed'
      | 'durationSeconds'
      | 'adSource'
      | 'responseSeconds';
    direction?: SortDirection;
  }[];
}
/**
 * One communication.
 */
export interface CommunicationsLogRow {
  /**
   * Communication id
   */
  id: number;
  /**
   * When it happened: site-local clock time, YYYY-MM-DDTHH:mm:ss
   */
  occurredAt: string;
  /**
   * Site id
   */
  siteId: number;
  /**
   * Site name
   */
  site: string;
  /**
   * Whether the site is active
   */
  siteIsActive: boolean;
  /**
   * Employee id; null when no employee handled it
   */
  employeeId: number | null;
  /**
   * Employee full name
   */
  employee: string | null;
  /**
   * Whether the employee is active
   */
  employeeIsActive: boolean | null;
  /**
   * Type: Call (PHONE), Text (SMS), Email (EMAIL), Walk-In (WALKIN)
   */
  commType: 'Call' | 'Text' | 'Email' | 'Walk-In';
  /**
   * Direction
   */
  direction: 'Inbound' | 'Outbound';
  /**
   * Relationship label of the contact (Leads, Prospects, ... Inactive)
   */
  relationship: string;
  /**
   * LeadScore caller type of an inbound call
   */
  callerType: 'Prospect' | 'Non-Prospect' | 'Undetermined' | null;
  /**
   * Call result of an inbound call
   */
  callResult: string | null;
  /**
   * Whether it was a missed call
   */
  isMissed: boolean;
  /**
   * Call length in seconds
   */
  durationSeconds: number | null;
  /**
   * Ad source id
   */
  adSourceId: number | null;
  /**
   * Ad source name
   */
  adSource: string | null;
  /**
   * Whether the ad source is active
   */
  adSourceIsActive: boolean | null;
  /**
   * First reply: site-local clock time, YYYY-MM-DDTHH:mm:ss; null when never answered
   */
  respondedAt: string | null;
  /**
   * Seconds from the communication to its first reply
   */
  responseSeconds: number | null;
  /**
   * Response-time bucket label (0 - 5min ... Not Responded To) of a communication that waits for a reply; null for the others
   */
  responseBucket: string | null;
  /**
   * Total rows over every page minus 1
   */
  maxIndex: number;
}
/**
 * A page of the log.
 */
export interface CommunicationsLogResponse {
  headers: TableHeaders;
  /**
   * The page of rows
   */
  values: CommunicationsLogRow[];
  totalRows: TotalRows;
}
/**
 * Another definition file that the edited text would make fail (a library name it uses renamed, a route it claims taken): the server would stop serving its page.
 */
export interface AffectedPage {
  /**
   * The file name in dashboards/, e.g. volume.json.
   */
  file: string;
  /**
   * The page's title, when the file has one.
   */
  page?: string;
  /**
   * Its errors that the edit brings (errors it had before are left out).
   */
  errors: DefinitionProblem[];
}
/**
 * One located problem of a definition text as the editor shows it.
 */
export interface DefinitionProblem {
  /**
   * 1-based line of the text.
   */
  line: number;
  /**
   * 1-based column of the text.
   */
  column: number;
  /**
   * JSON pointer of the offending value.
   */
  pointer: string;
  /**
   * What is wrong and what to do.
   */
  message: string;
  severity: 'error' | 'warning';
  /**
   * The line npm run dashboards:check prints for it.
   */
  text: string;
}
/**
 * A chart widget's `vega` in GET /api/dashboards: its Vega-Lite spec compiled to Vega once, where the definitions are loaded, for each layout it may be drawn in. The named dataset is empty (the browser puts the rows in), and the page params the spec reads and a narrow box's width (`chart_box_width`) are top-level signals whose values the browser sets.
 */
export interface CompiledChart {
  /**
   * Legends beside the plot, x labels level. A Vega spec, as Vega-Lite's compiler writes it.
   */
  wide: {
    [k: string]: unknown;
  };
  /**
   * A box narrower than 560 px: legends below the plot, wrapped to the box's width. A Vega spec, as Vega-Lite's compiler writes it.
   */
  narrow: {
    [k: string]: unknown;
  };
  /**
   * Wide, the discrete x axis's labels angled (its labels do not fit level). A Vega spec, as Vega-Lite's compiler writes it.
   */
  'wide-crowded'?: {
    [k: string]: unknown;
  };
  /**
   * Narrow, the discrete x axis's labels angled. A Vega spec, as Vega-Lite's compiler writes it.
   */
  'narrow-crowded'?: {
    [k: string]: unknown;
  };
}
/**
 * POST /api/dashboards/sources body: a new definition file and its text.
 */
export interface CreateDefinitionRequest {
  file: DefinitionFileName;
  text: DefinitionText;
}
/**
 * GET /api/dashboards: the validated, normalized page definitions the signed-in user may see (a page with an access rule needs its claim).
 */
export interface DashboardsResponse {
  /**
   * Normalized pages (engine/definitions/normalizedPage.ts), already checked against schemas/dashboard; each chart widget also carries `vega`, its spec compiled to Vega for each layout (compiled-chart.json).
   */
  pages: {
    [k: string]: unknown;
  }[];
}
/**
 * POST /api/dashboards/validate: the located problems of a text as the content of a file, checked with every other definition file beside it, and the normalized page when it is valid.
 */
export interface DefinitionCheck {
  errors: DefinitionProblem[];
  /**
   * The other files this text would make fail, with their new errors: a save is refused while any is listed.
   */
  affected?: AffectedPage[];
  /**
   * The normalized page (engine/definitions/normalizedPage.ts); present when the text is valid.
   */
  normalized?: {
    [k: string]: unknown;
  };
}
/**
 * One definition file as the server holds it.
 */
export interface DefinitionSource {
  /**
   * The file name in dashboards/, e.g. home.json.
   */
  file: string;
  /**
   * The file's text.
   */
  text: string;
  /**
   * The version of text (a hash); a save sends it back to say what it was edited from.
   */
  version: string;
}
/**
 * GET /api/dashboards/sources: every definition file's text, by file name.
 */
export interface DefinitionSources {
  sources: DefinitionSource[];
}
/**
 * One endpoint as the editor's completion knows it, computed from schemas/api/endpoints.json and the API schemas.
 */
export interface EditorEndpoint {
  /**
   * The HTTP method.
   */
  method: string;
  /**
   * The path, e.g. /api/data/caller_behavior/missed_calls/by_site.
   */
  path: string;
  /**
   * The request body keys, when the request schema names them.
   */
  bodyKeys?: string[];
  /**
   * The row fields at the index's rows pointer.
   */
  fields?: string[];
  /**
   * Row fields by the source's variant (a data code).
   */
  variants?: {
    [k: string]: string[];
  };
  /**
   * The index's rows pointer, which fields describes.
   */
  rows: string;
  /**
   * The row fields at the other pointers of the response, for a source with its own rows.
   */
  fieldsAt: {
    [k: string]: string[];
  };
}
/**
 * GET /api/dashboards/endpoints: the endpoints definitions may bind to, for completion.
 */
export interface EditorEndpoints {
  endpoints: EditorEndpoint[];
}
/**
 * GET /api/dashboards/editor-settings: what the live editor may do on this server.
 */
export interface EditorSettings {
  /**
   * Whether this server saves edits (DASHBOARDS_WRITABLE=1).
   */
  writable: boolean;
}
/**
 * PUT /api/dashboards/sources/:file and POST /api/dashboards/sources (409): nothing was written. A save edited from a version that is no longer the file's, whose edits could not be merged with the ones on disk (both change the same lines), carries the file as it is on disk now, so the editor can show both sides; a creation under a name that is taken does not.
 */
export interface SaveConflict {
  error: 'Conflict';
  /**
   * What happened, for the person saving.
   */
  message: string;
  /**
   * The file as it is on disk now (a save only).
   */
  current?: {
    /**
     * The file's text on disk.
     */
    text: string;
    /**
     * The version of that text, for the next save's baseVersion.
     */
    version: string;
  };
}
/**
 * PUT /api/dashboards/sources/:file body: the new text, and the version it was edited from.
 */
export interface SaveDefinitionRequest {
  text: DefinitionText;
  /**
   * The version GET /api/dashboards/sources gave for the file; when the file has changed since, nothing is written (409).
   */
  baseVersion?: string;
  /**
   * The text of baseVersion as the editor loaded it: when the file has changed on disk since, edits of other lines are merged (three-way, by line) instead of refused.
   */
  baseText?: string;
}
/**
 * PUT /api/dashboards/sources/:file (200) and POST /api/dashboards/sources (201): the text is written and served.
 */
export interface SavedDefinition {
  saved: true;
  /**
   * The file written.
   */
  file: string;
  /**
   * The version of the text now on disk.
   */
  version: string;
  /**
   * True when the server now serves the saved text and every page it served before; false when its reload refused one (the server log says why).
   */
  served: boolean;
  /**
   * The text written, when the file had changed on disk since baseVersion and the two edits (of different lines) were merged: the editor loads it.
   */
  merged?: string;
  /**
   * Warnings left in the text (a text with errors is not saved).
   */
  errors: DefinitionProblem[];
  /**
   * The normalized page (engine/definitions/normalizedPage.ts).
   */
  normalized?: {
    [k: string]: unknown;
  };
}
/**
 * The path parameters of PUT /api/dashboards/sources/:file.
 */
export interface DefinitionFileParams {
  file: DefinitionFileName;
}
/**
 * POST /api/dashboards/validate body: a text to check as the new content of an existing file.
 */
export interface ValidateDefinitionRequest {
  file: DefinitionFileName;
  text: DefinitionText;
}
/**
 * Tile or pie data for one code.
 */
export interface DataCodesRequest {
  siteIds?: SiteIds;
  accountIds?: AccountIds;
  jwtExtendedToken?: JwtExtendedToken;
  startDate: StartDate;
  endDate: EndDate;
  previousStartDate?: PreviousStartDate;
  previousEndDate?: PreviousEndDate;
  limit?: Limit;
  skip?: Skip;
  relationshipIds?: RelationshipIds;
  commTypes?: CommTypes;
  initialCommunication?: InitialCommunication;
  timeTrendGroup?: TimeTrendGroup;
  siteId?: SiteId;
  /**
   * Data-type code: 100-108 caller behavior, 200-206 ad source, 300-309 employee call performance, 400-403 ILS call performance.
   */
  requestedData:
    | 100
    | 101
    | 102
    | 103
    | 104
    | 105
    | 106
    | 107
    | 108
    | 200
    | 201
    | 202
    | 203
    | 204
    | 205
    | 206
    | 300
    | 301
    | 302
    | 303
    | 304
    | 305
    | 306
    | 307
    | 308
    | 309
    | 400
    | 401
    | 402
    | 403;
  offset?: Offset;
  /**
   * Accepted for compatibility; must be empty (tiles and pies are not sorted).
   *
   * @maxItems 0
   */
  sorts?: unknown[];
}
/**
 * Tile data: values[0][0] mainValue (current), values[0][1] mainValue2 (comparison); values[1], when present, subValue and subValue2.
 */
export interface DataCodesTile {
  /**
   * Names of the two columns
   */
  headers: string[];
  /**
   * One or two rows of two numbers (null: no data)
   */
  values: (number | null)[][];
}
/**
 * Pie data: one row per slice, the count last.
 */
export interface DataCodesPie {
  /**
   * Column names
   */
  headers: string[];
  /**
   * Slices: label columns then the count
   */
  values: (string | number)[][];
  /**
   * Header whose value groups slices (the caller-type filter of the call-result pie); null otherwise
   */
  groupBy: string | null;
}
/**
 * Where a subscription's messages go, as answered: email, or a webhook's address and whether it has a secret.
 */
export interface DeliveryChannel {
  type: 'email' | 'webhook';
  url?: string;
  hasSecret?: boolean;
}
/**
 * The query of GET /api/deliveries: userId (administrators only) lists another user's subscriptions.
 */
export interface DeliveriesQuery {
  userId?: string;
}
/**
 * GET /api/deliveries: the digests and alert rules one may subscribe to, the subscriber's time zone (schedules and quiet hours are on its clock), and their subscriptions.
 */
export interface DeliveriesOverview {
  digests: DigestChoice[];
  alertRules: AlertRuleChoice[];
  /**
   * The subscriber's IANA time zone.
   */
  timeZone: string;
  subscriptions: DeliverySubscription[];
}
export interface DigestChoice {
  id: string;
  title: string;
  /**
   * The period its figures cover: Yesterday, Prior Week or Prior Month.
   */
  period: string;
  description?: string;
}
export interface AlertRuleChoice {
  id: string;
  title: string;
  description?: string;
  thresholds: AlertThresholdChoice[];
}
export interface AlertThresholdChoice {
  key: string;
  label: string;
  default: number;
  /**
   * The least value the rule allows.
   */
  minimum?: number;
  /**
   * The greatest value the rule allows.
   */
  maximum?: number;
}
/**
 * A subscription as the API answers it: a webhook's secret is never sent back, only whether there is one.
 */
export interface DeliverySubscription {
  id: number;
  userId: number;
  kind: 'digest' | 'alert';
  targetId: string;
  schedule: {
    frequency: 'daily' | 'weekly' | 'monthly';
    hour: number;
    weekday?: number;
    monthday?: number;
  } | null;
  thresholds: {
    [k: string]: number;
  } | null;
  quietHours: {
    start: string;
    end: string;
  } | null;
  channel: DeliveryChannel;
  paused: boolean;
  /**
   * ISO 8601, UTC.
   */
  createdAt: string;
  /**
   * ISO 8601, UTC.
   */
  updatedAt: string;
  /**
   * GET /api/deliveries only: when it next sends, ISO 8601 UTC (a digest's next scheduled time, an alert's next hourly evaluation; after its quiet hours when it falls in them); null when paused.
   */
  nextAt?: string | null;
  /**
   * GET /api/deliveries only: how its last delivery went; null when there was none.
   */
  lastDelivery?: LastDelivery | null;
}
/**
 * How a subscription's last delivery went: its newest occurrence sent, skipped or failed (test sends and alert evaluations with nothing to tell left out).
 */
export interface LastDelivery {
  status: 'sent' | 'skipped' | 'failed';
  /**
   * When it was sent or last tried, ISO 8601 UTC.
   */
  at: string;
  /**
   * Why it was skipped or failed.
   */
  reason?: string;
}
/**
 * POST /api/deliveries/subscriptions/:id/test: what the test send did (also recorded in the history, marked test).
 */
export interface DeliveryLine {
  subscriptionId: number;
  occurrenceKey: string;
  status: 'sent' | 'skipped' | 'failed';
  /**
   * The address or webhook host it went to.
   */
  to: string;
  reason?: string;
}
/**
 * One occurrence of a subscription: sent, skipped (and why), failed (and why), or claimed and on its way; test sends are marked.
 */
export interface DeliveryRecord {
  occurrenceKey: string;
  status: 'sent' | 'skipped' | 'failed' | 'claimed';
  reason: string | null;
  /**
   * When it was sent or last tried, ISO 8601 UTC.
   */
  at: string;
  messageId: string | null;
  test: boolean;
}
/**
 * GET /api/deliveries/subscriptions/:id/history: the subscription's deliveries, newest first.
 */
export interface DeliveryHistory {
  deliveries: DeliveryRecord[];
}
/**
 * A time of day when nothing is sent, 'HH:MM' to 'HH:MM' on the subscriber's clock; it may run past midnight (22:00 to 07:00).
 */
export interface QuietHours {
  start: TimeOfDay;
  end: TimeOfDay;
}
/**
 * An alert subscription's own values for its rule's thresholds, by the rule's threshold key; a threshold left out keeps the rule's default.
 */
export interface AlertThresholds {
  [k: string]: number;
}
/**
 * The path parameters of /api/deliveries/subscriptions/:id.
 */
export interface SubscriptionParams {
  id: string;
}
/**
 * PATCH /api/deliveries/subscriptions/:id body: the fields to change; the others are kept. The kind of a subscription never changes.
 */
export interface SubscriptionUpdateRequest {
  targetId?: DeliveryTargetId;
  schedule?: DigestSchedule | null;
  thresholds?: AlertThresholds | null;
  quietHours?: QuietHours | null;
  channel?: DeliveryChannelRequest;
  /**
   * Whether nothing is sent for now.
   */
  paused?: boolean;
}
/**
 * Call Performance by Site page; default sort averageTpaScore desc.
 */
export interface EmployeeCallPerformanceBySiteRequest {
  siteIds?: SiteIds;
  accountIds?: AccountIds;
  jwtExtendedToken?: JwtExtendedToken;
  startDate: StartDate;
  endDate: EndDate;
  previousStartDate?: PreviousStartDate;
  previousEndDate?: PreviousEndDate;
  limit?: Limit;
  skip?: Skip;
  relationshipIds?: RelationshipIds;
  commTypes?: CommTypes;
  initialCommunication?: InitialCommunication;
  timeTrendGroup?: TimeTrendGroup;
  siteId?: SiteId;
  /**
   * Sort order, first entry first. Columns: siteName, scoredCalls, qualifiedCalls, appointments, appointmentsConversion, averageTpaScore.
   *
   * @maxItems 3
   */
  sort?: {
    /**
     * A sortable field of the rows
     */
    column:
      | 'siteName'
      | 'scoredCalls'
      | 'qualifiedCalls'
      | 'appointments'
      | 'appointmentsConversion'
      | 'averageTpaScore';
    direction?: SortDirection;
  }[];
}
/**
 * Call Performance by Employee page (siteId narrows to one site); default sort averageTpaScore desc.
 */
export interface EmployeeCallPerformanceByEmployeeRequest {
  siteIds?: SiteIds;
  accountIds?: AccountIds;
  jwtExtendedToken?: JwtExtendedToken;
  startDate: StartDate;
  endDate: EndDate;
  previousStartDate?: PreviousStartDate;
  previousEndDate?: PreviousEndDate;
  limit?: Limit;
  skip?: Skip;
  relationshipIds?: RelationshipIds;
  commTypes?: CommTypes;
  initialCommunication?: InitialCommunication;
  timeTrendGroup?: TimeTrendGroup;
  siteId?: SiteId;
  /**
   * Sort order, first entry first. Columns: fullName, siteName, scoredCalls, qualifiedCalls, appointments, appointmentsConversion, averageTpaScore.
   *
   * @maxItems 3
   */
  sort?: {
    /**
     * A sortable field of the rows
     */
    column:
      | 'fullName'
      | 'siteName'
      | 'scoredCalls'
      | 'qualifiedCalls'
      | 'appointments'
      | 'appointmentsConversion'
      | 'averageTpaScore';
    direction?: SortDirection;
  }[];
}
/**
 * One site.
 */
export interface EmployeeCallPerformanceBySiteRow {
  /**
   * Site id
   */
  siteId: number;
  /**
   * Whether the site is active (inactive rows get the (Inactive) suffix)
   */
  siteIsActive: boolean;
  /**
   * Site name
   */
  siteName: string;
  /**
   * Calls scored (TPA) in the period
   */
  scoredCalls: number;
  /**
   * Scored calls that were qualified
   */
  qualifiedCalls: number;
  /**
   * Scored calls that booked an appointment
   */
  appointments: number;
  /**
   * appointments / qualifiedCalls x 100; null without qualified calls
   */
  appointmentsConversion: number | null;
  /**
   * Average TPA score (0-100); null without scored calls
   */
  averageTpaScore: number | null;
  /**
   * Total rows over every page minus 1
   */
  maxIndex: number;
}
/**
 * One employee.
 */
export interface EmployeeCallPerformanceByEmployeeRow {
  /**
   * Employee id
   */
  employeeId: number;
  /**
   * First and last name
   */
  fullName: string;
  /**
   * Whether the employee is active
   */
  userIsActive: boolean;
  /**
   * Site id
   */
  siteId: number;
  /**
   * Whether the site is active (inactive rows get the (Inactive) suffix)
   */
  siteIsActive: boolean;
  /**
   * Site name
   */
  siteName: string;
  /**
   * Calls scored (TPA) in the period
   */
  scoredCalls: number;
  /**
   * Scored calls that were qualified
   */
  qualifiedCalls: number;
  /**
   * Scored calls that booked an appointment
   */
  appointments: number;
  /**
   * appointments / qualifiedCalls x 100; null without qualified calls
   */
  appointmentsConversion: number | null;
  /**
   * Average TPA score (0-100); null without scored calls
   */
  averageTpaScore: number | null;
  /**
   * Total rows over every page minus 1
   */
  maxIndex: number;
}
/**
 * By-site page.
 */
export interface EmployeeCallPerformanceBySite {
  headers: TableHeaders;
  /**
   * The page of rows
   */
  values: EmployeeCallPerformanceBySiteRow[];
  totalRows: TotalRows;
}
/**
 * By-employee page.
 */
export interface EmployeeCallPerformanceByEmployee {
  headers: TableHeaders;
  /**
   * The page of rows
   */
  values: EmployeeCallPerformanceByEmployeeRow[];
  totalRows: TotalRows;
}
/**
 * Sums over every row; conversion and average from the sums.
 */
export interface EmployeeCallPerformanceTotals {
  /**
   * Calls scored (TPA) in the period
   */
  scoredCalls: number;
  /**
   * Scored calls that were qualified
   */
  qualifiedCalls: number;
  /**
   * Scored calls that booked an appointment
   */
  appointments: number;
  /**
   * appointments / qualifiedCalls x 100; null without qualified calls
   */
  appointmentsConversion: number | null;
  /**
   * Average TPA score (0-100); null without scored calls
   */
  averageTpaScore: number | null;
}
/**
 * The export form of a data request: the endpoint's own body, and how the CSV shows its rows. The body is validated by the endpoint's schema.
 */
export interface ExportRequest {
  /**
   * The body the endpoint takes (limit and skip are ignored: every row is sent).
   */
  request: {};
  csv: ExportCsv;
  jwtExtendedToken?: JwtExtendedToken;
}
/**
 * How the file shows the rows: the table's columns with the pipes the page shows them with.
 */
export interface ExportCsv {
  /**
   * The file's name, e.g. 'Caller Behavior - Missed Calls By Site - Last 30 Days.csv'.
   */
  fileName: string;
  /**
   * JSON pointer of the rows in each answer ('' for an answer that is the list).
   */
  rows: string;
  /**
   * JSON pointer of the total count of rows (or groups) in an answer, when the endpoint pages.
   */
  total?: string;
  /**
   * When present, a first column of row numbers under this header.
   */
  rowNumbers?: string;
  /**
   * @minItems 1
   * @maxItems 60
   */
  columns: ExportColumn[];
  /**
   * The totals row as the table shows it (its cells, row-number column included), written last.
   *
   * @maxItems 61
   */
  totalsRow?: string[];
}
export interface ExportColumn {
  header: string;
  field: string;
  pipe?: ExportPipe;
  /**
   * A field whose missing or zero value shows an em dash in this column.
   */
  dashUnless?: string;
  /**
   * A field whose false value adds ' (Inactive)' to the cell.
   */
  inactiveField?: string;
}
/**
 * The column's display transform, one of the dashboard language's pipes (schemas/dashboard/common.schema.json, named there once), with at most 4 short arguments.
 */
export interface ExportPipe {
  /**
   * The transform: decimal, percent, currency, date, lowercase, uppercase, minutes, duration ('days, hrs, min' from seconds), clock ('M:SS' or 'H:MM:SS' from seconds) or boolean (a true/false value as words).
   */
  name:
    | 'decimal'
    | 'percent'
    | 'currency'
    | 'date'
    | 'lowercase'
    | 'uppercase'
    | 'minutes'
    | 'duration'
    | 'boolean'
    | 'clock';
  /**
   * @maxItems 4
   */
  args?: (string | number | boolean)[];
}
/**
 * POST /post-feedback body: the Share Feedback form (SPEC.md sections 3 and 7). Only overallSatisfaction is required.
 */
export interface FeedbackRequest {
  /**
   * '5' Very Satisfied down to '1' Very Dissatisfied.
   */
  overallSatisfaction: '1' | '2' | '3' | '4' | '5';
  /**
   * Free text feedback.
   */
  comments?: string;
  /**
   * The user asks to be contacted about the feedback.
   */
  contactMe?: boolean;
  firstName?: string;
  lastName?: string;
  /**
   * Where to reply; empty or a well-formed address (a malformed one answers 406).
   */
  email?: string;
  /**
   * Time-zone marker: the browser's IANA time zone, e.g. America/Phoenix.
   */
  ao_jstzo?: string;
}
/**
 * 200 answer of POST /post-feedback and /post-support: the submission is stored (committed) under this id.
 */
export interface FormAccepted {
  received: true;
  /**
   * The stored submission's id (npm run forms -- list).
   */
  id: number;
}
/**
 * 406 answer of the form routes: a well-shaped field the server refuses (unknown product or device code, malformed email or phone, mismatched emails). The client shows StatusDescription as it is.
 */
export interface FormNotAcceptable {
  /**
   * What is wrong, in words the user can act on.
   */
  StatusDescription: string;
  /**
   * JSON pointer of the refused field, e.g. /tfa_4.
   */
  field: string;
}
/**
 * POST /post-support body: the Request Support form (SPEC.md sections 3 and 7). Every field is required; unknown codes, malformed email or phone and mismatched emails answer 406.
 */
export interface SupportRequest {
  /**
   * Company name.
   */
  tfa_1: string;
  /**
   * Site/Property Name(s).
   */
  tfa_2: string;
  /**
   * Product code, tfa_5 to tfa_11.
   */
  tfa_4: string;
  /**
   * Device code, tfa_15 to tfa_20.
   */
  tfa_14: string;
  /**
   * Description of the problem.
   */
  tfa_21: string;
  /**
   * First name.
   */
  tfa_22: string;
  /**
   * Last name.
   */
  tfa_23: string;
  /**
   * Phone, shaped (555) 555-5555.
   */
  tfa_25: string;
  /**
   * Email.
   */
  tfa_26: string;
  /**
   * Email again, to confirm.
   */
  tfa_27: string;
}
/**
 * A site in the caller's scope.
 */
export interface Site {
  /**
   * Site id
   */
  id: number;
  /**
   * Site name
   */
  name: string;
  /**
   * Owning account
   */
  accountId: number;
  /**
   * Whether the site is active
   */
  siteIsActive: boolean;
}
/**
 * An account in the caller's scope.
 */
export interface Account {
  /**
   * Account id
   */
  accountId: number;
  /**
   * Account name
   */
  accountName: string;
  /**
   * Whether the account is active
   */
  isActive: boolean;
}
/**
 * A relationship option.
 */
export interface Relationship {
  /**
   * Relationship id
   */
  id: number;
  /**
   * Relationship name (Lead, Prospect, ...); the label comes from src/shared/relationships.ts
   */
  name: string;
}
/**
 * When the data (action-required ages) was last brought up to date.
 */
export interface RefreshTime {
  /**
   * ISO timestamp of site-local clock time; null before any data
   */
  lastDataUpdate: string | null;
}
