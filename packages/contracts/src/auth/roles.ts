/** SPEC section 6: the role codes as the API carries them. */
export const roles = { administrator: 2, regular: 5, contributor: 11, readOnly: 12 } as const;
export type RoleName = keyof typeof roles;
export type RoleCode = (typeof roles)[RoleName];
export const roleCodes = Object.values(roles) as RoleCode[];

export function roleNameOf(code: number): RoleName | undefined {
  return (Object.keys(roles) as RoleName[]).find((name) => roles[name] === code);
}
