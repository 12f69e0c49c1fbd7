import { COUNTRIES } from "virtual:world-countries";

const COUNTRY_NAMES = new Map(COUNTRIES);

/** A country's name as people read it ('United Kingdom') for its ISO code ('GB'); the code itself when unknown. */
export const countryName = (code: string) => COUNTRY_NAMES.get(code) ?? code;
