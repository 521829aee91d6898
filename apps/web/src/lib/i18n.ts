import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en/translation.json';

// One catalogue for every user-facing text (English first; keys are stable so Georgian can follow).
// Large namespaces (the legal texts) are added by their lazy route with i18n.addResourceBundle.
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
