/** A JSON request body: application/json or any application/*+json type. */
export const isJsonContentType = (contentType: string | undefined): boolean => /^application\/([\w.+-]+\+)?json\b/i.test(contentType ?? '');
