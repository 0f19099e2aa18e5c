// The signed-in person as a request carries it (on the context as `user`): the account's fields a route needs.
import type { Role } from '../../src/shared/contract/auth';

export interface SessionUser {
  id: number;
  orgId: number;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  title: string;
  nationalityId: number | null;
  language: string;
  currency: string;
  /** In USD (major units); the column keeps cents. */
  creditLimit: number;
  canUserBook: number;
  referralCode: string;
  sessionId: string;
  phoneCountryCode: string;
  mobileNo: string;
  countryCode: string;
  accessCode: string;
  planStatus: 'ACTIVE' | 'ACTIVE-REFRESH' | 'NOPLAN';
  isPromotion: number;
  displayPrice: number;
  verified: boolean;
  isSso: boolean;
  remember: boolean;
}
