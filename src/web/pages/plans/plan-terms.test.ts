import { describe, expect, it } from 'vitest';
import { planPrice } from '../../../shared/membership.js';
import { currencyOfCountry, hasMembershipToManage, isLiveMembership, planFromSlug, planOf, planSlug, planTitle, priceLabel, savings, weeklyFigures, type ViewerMembershipView } from './plan-terms.js';

describe('plan terms', () => {
  it('prices a reader in Canada in CAD and everyone else in USD', () => {
    expect(currencyOfCountry('CA')).toBe('CAD');
    expect(currencyOfCountry('ca')).toBe('CAD');
    expect(currencyOfCountry('US')).toBe('USD');
    expect(currencyOfCountry(null)).toBe('USD');
  });

  it('names plans in URLs and reads them back in any spelling; an unknown name is no plan', () => {
    expect(planSlug('PREMIUM_YEARLY')).toBe('premium_yearly');
    expect(planFromSlug('yearly')).toBe('YEARLY');
    expect(planFromSlug('premium-monthly')).toBe('PREMIUM_MONTHLY');
    expect(planFromSlug('PREMIUM_YEARLY')).toBe('PREMIUM_YEARLY');
    expect(planFromSlug('lifetime')).toBeNull();
    expect(planFromSlug('')).toBeNull();
    expect(planOf('FRIEND', 'monthly')).toBe('PREMIUM_MONTHLY');
    expect(planOf('MEMBER', 'yearly')).toBe('YEARLY');
  });

  it('shows the spec §9 prices, crossouts and savings', () => {
    expect(priceLabel('MONTHLY', planPrice('MONTHLY'))).toBe('$5/month');
    expect(priceLabel('YEARLY', planPrice('YEARLY'))).toBe('$50/year');
    expect(savings(planPrice('YEARLY'))).toEqual({ amount: 1000, currency: 'USD' });
    expect(savings(planPrice('PREMIUM_YEARLY'))).toEqual({ amount: 3000, currency: 'USD' });
    expect(savings(planPrice('MONTHLY'))).toBeNull();
    expect(savings(planPrice('YEARLY', 'USD', 'FIFTY_PERCENT_OFF_ONE_YEAR'))).toEqual({ amount: 2500, currency: 'USD' });
    expect(planTitle('PREMIUM_MONTHLY', 'Inkwell')).toBe('Friend of Inkwell, monthly');
  });

  it('gives the weekly figure as the yearly price over 52', () => {
    expect(weeklyFigures(planPrice('YEARLY'))).toEqual({ exact: '$0.96/week', under: 'less than $1/week' });
    expect(weeklyFigures(planPrice('PREMIUM_YEARLY'))).toEqual({ exact: '$2.88/week', under: 'less than $3/week' });
  });

  it('treats an ended membership as none, and any other as one to manage', () => {
    const m = { state: 'ACTIVE' } as ViewerMembershipView;
    expect(isLiveMembership(m)).toBe(true);
    expect(isLiveMembership({ ...m, state: 'PENDING_ACTION' })).toBe(true);
    expect(isLiveMembership({ ...m, state: 'SUSPENDED' })).toBe(true);
    expect(isLiveMembership({ ...m, state: 'INACTIVE' })).toBe(false);
    expect(isLiveMembership(null)).toBe(false);
    expect(hasMembershipToManage(m)).toBe(true);
    expect(hasMembershipToManage({ ...m, state: 'PENDING_ACTION' })).toBe(false);
    expect(hasMembershipToManage({ ...m, state: 'INACTIVE' })).toBe(false);
  });
});
