import type { NewUser } from '../auth/users';

/** The demo sign-ins `npm start` creates and prints (README lists them too). */
export const DEMO_PASSWORD = 'Demo1234';

/** A demo sign-in: a user to create, and what it is for. */
export interface DemoUser extends NewUser {
  note: string;
}

export const DEMO_USERS: DemoUser[] = [
  {
    username: 'admin',
    password: DEMO_PASSWORD,
    firstName: 'Alex',
    lastName: 'Admin',
    email: 'admin@example.com',
    allAccountAccess: true,
    hasPermission: true,
    accountIds: [],
    claims: [
      { type: 'HawkEyeDashboardILS', value: 'Read' },
      { type: 'HawkEyeDashboardEditor', value: 'Write' },
    ],
    note: 'all accounts, may impersonate, sees the ILS page and the editor',
  },
  {
    username: 'manager',
    password: DEMO_PASSWORD,
    firstName: 'Morgan',
    lastName: 'Manager',
    email: 'manager@example.com',
    allAccountAccess: false,
    hasPermission: true,
    accountIds: [1],
    claims: [],
    note: 'one account only',
  },
  {
    username: 'noaccess',
    password: DEMO_PASSWORD,
    firstName: 'Nora',
    lastName: 'Noaccess',
    email: 'noaccess@example.com',
    allAccountAccess: false,
    hasPermission: false,
    accountIds: [],
    claims: [],
    note: 'valid password, no permission (sign-in answers 403)',
  },
];
