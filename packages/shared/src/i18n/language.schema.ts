import { z } from 'zod';
import { LANGUAGES } from './language.ts';

/** One of the product's languages, as the API's schemas take it (apart from language.ts, which the first screen needs). */
export const language = z.enum(LANGUAGES);
