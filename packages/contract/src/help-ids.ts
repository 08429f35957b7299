/**
 * Help's ids with a meaning of their own, without zod: the web app's help pages read it without
 * bundling the schemas of `help.ts`.
 */

/** The help top: the list of categories and the search box (`links.help`); never a category's id. */
export const HELP_TOP_ID = 'index'
