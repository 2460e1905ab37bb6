-- The site search (GET /content/api/v1/search) ranks in memory with @portal/support-search's
-- index, built from content_documents once per content version (src/content/site-search.ts): it
-- needs typo tolerance, Malay word families and the support answers, which the `simple`
-- full-text configuration of content_search could not give. The table and its index go.
drop table if exists content_search;
