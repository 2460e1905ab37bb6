-- Pagination of the content lists (issue 22): the listings read one page with LIMIT/OFFSET in
-- file order over content_documents_order_idx (kind, lang, position). The two filtered lists,
-- channels by genre and dealers by state, get an index of their own, so a page of one genre or
-- state at 100 times the seed reads its rows in order instead of filtering the whole kind.
create index if not exists content_documents_channel_genre_idx
  on content_documents (lang, (doc->>'genre'), position) where kind = 'channel';
create index if not exists content_documents_dealer_state_idx
  on content_documents (lang, (doc->>'state'), position) where kind = 'dealer';
