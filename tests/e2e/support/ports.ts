/**
 * The ports of one journey run. E2E_PORT lets several copies run side by side (each worktree or CI
 * job its own); the OAuth stub that plays GitHub follows it (E2E_OAUTH_PORT, else E2E_PORT + 280)
 * so two runs never fight over one port.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3310);
export const OAUTH_PORT = Number(process.env.E2E_OAUTH_PORT ?? E2E_PORT + 280);
