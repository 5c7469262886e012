/** Each hosted page looks like the environment it stands for: its name, wording and colours. */
export interface PageTheme {
  environment: string;
  tagline: string;
  /** Header and button colour. */
  accent: string;
  /** Text on the accent colour. */
  onAccent: string;
}

export const THEMES = {
  acquirerA: { environment: 'acquirerA', tagline: 'Pagamento seguro', accent: '#0b3d91', onAccent: '#ffffff' },
  acquirerB_web: { environment: 'acquirerB', tagline: 'Pagamento integrado', accent: '#00704a', onAccent: '#ffffff' },
  bankA_shopline: { environment: 'bankA Shopline', tagline: 'Internet Banking', accent: '#ec7000', onAccent: '#1a1a1a' },
  authentication: { environment: '3-D Secure', tagline: 'Autenticação do portador', accent: '#4a2c7a', onAccent: '#ffffff' },
  pix: { environment: 'Pix', tagline: 'Pagamento instantâneo', accent: '#00695c', onAccent: '#ffffff' },
  gateway: { environment: 'Gateway de Pagamento', tagline: '', accent: '#333333', onAccent: '#ffffff' },
} satisfies Record<string, PageTheme>;
