/** Which orders a collect may settle: the app's login and registration orders, or its organisation-number ones. */
export const appOrderScope = { purposes: ['login', 'registration'] } as const;
export const orgOrderScope = { purposes: ['org-validation'] } as const;
