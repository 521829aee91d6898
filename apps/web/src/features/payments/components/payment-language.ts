/** The bank's card page speaks English or Georgian (spec §9: iframe en or ka); the app's language decides. */
export const paymentLanguage = (appLanguage: string | undefined): 'en' | 'ka' =>
  appLanguage?.startsWith('ka') ? 'ka' : 'en';
