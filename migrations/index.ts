import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121090000_initial } from './Migration20261121090000_initial.js';
import { Migration20261122090000_people_sources } from './Migration20261122090000_people_sources.js';
import { Migration20261123090000_media } from './Migration20261123090000_media.js';
import { Migration20261124090000_proposals } from './Migration20261124090000_proposals.js';
import { Migration20261125090000_read_path } from './Migration20261125090000_read_path.js';
import { Migration20261201090000_gedcom_fidelity } from './Migration20261201090000_gedcom_fidelity.js';
import { Migration20261201100000_import_deferrable } from './Migration20261201100000_import_deferrable.js';
import { Migration20261210090000_duplicates_merge } from './Migration20261210090000_duplicates_merge.js';
import { Migration20261224090000_record_history } from './Migration20261224090000_record_history.js';
import { Migration20261226090000_name_postings } from './Migration20261226090000_name_postings.js';
import { Migration20261227090000_name_parts } from './Migration20261227090000_name_parts.js';
import { Migration20261228090000_place_coordinates } from './Migration20261228090000_place_coordinates.js';
import { Migration20261229090000_repositories } from './Migration20261229090000_repositories.js';
import { Migration20261230090000_media_without_bytes } from './Migration20261230090000_media_without_bytes.js';
import { Migration20261231090000_gedcom_kept } from './Migration20261231090000_gedcom_kept.js';
import { Migration20270101090000_purge_stamp } from './Migration20270101090000_purge_stamp.js';
import { Migration20270104090000_event_cause } from './Migration20270104090000_event_cause.js';
import { Migration20270105090000_citation_fields } from './Migration20270105090000_citation_fields.js';
import { Migration20270110090000_session_changes } from './Migration20270110090000_session_changes.js';
import { Migration20270115090000_commit_ordered_stamp } from './Migration20270115090000_commit_ordered_stamp.js';
import { Migration20270116090000_person_cards } from './Migration20270116090000_person_cards.js';
import { Migration20270117090000_person_profile } from './Migration20270117090000_person_profile.js';
import { Migration20270118090000_card_facts } from './Migration20270118090000_card_facts.js';
import { Migration20270119090000_person_pages } from './Migration20270119090000_person_pages.js';
import { Migration20270120090000_name_words_by_tree } from './Migration20270120090000_name_words_by_tree.js';
import { Migration20270121090000_trigger_plans } from './Migration20270121090000_trigger_plans.js';
import { Migration20270122090000_lean_creations } from './Migration20270122090000_lean_creations.js';
import { Migration20270123090000_inner_apostrophes } from './Migration20270123090000_inner_apostrophes.js';
import { Migration20270124090000_partnership_events_index } from './Migration20270124090000_partnership_events_index.js';
import { Migration20270125090000_name_search_pairs } from './Migration20270125090000_name_search_pairs.js';
import { Migration20270126090000_person_cards_by_tree } from './Migration20270126090000_person_cards_by_tree.js';
import { Migration20270127090000_history_insert_one_scan } from './Migration20270127090000_history_insert_one_scan.js';
import { Migration20270128090000_persons_merged_into_index } from './Migration20270128090000_persons_merged_into_index.js';
import { Migration20270129090000_name_search_lookups } from './Migration20270129090000_name_search_lookups.js';
import { Migration20261223090000_shared_media_objects } from './Migration20261223090000_shared_media_objects.js';

/**
 * Every migration, oldest first; the last one is the head. Listed rather than globbed so the
 * migrator needs no file system access at run time. A new migration is appended here.
 */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121090000_initial', class: Migration20261121090000_initial },
  { name: 'Migration20261122090000_people_sources', class: Migration20261122090000_people_sources },
  { name: 'Migration20261123090000_media', class: Migration20261123090000_media },
  { name: 'Migration20261124090000_proposals', class: Migration20261124090000_proposals },
  { name: 'Migration20261125090000_read_path', class: Migration20261125090000_read_path },
  { name: 'Migration20261201090000_gedcom_fidelity', class: Migration20261201090000_gedcom_fidelity },
  { name: 'Migration20261201100000_import_deferrable', class: Migration20261201100000_import_deferrable },
  { name: 'Migration20261210090000_duplicates_merge', class: Migration20261210090000_duplicates_merge },
  { name: 'Migration20261223090000_shared_media_objects', class: Migration20261223090000_shared_media_objects },
  { name: 'Migration20261224090000_record_history', class: Migration20261224090000_record_history },
  { name: 'Migration20261226090000_name_postings', class: Migration20261226090000_name_postings },
  { name: 'Migration20261227090000_name_parts', class: Migration20261227090000_name_parts },
  { name: 'Migration20261228090000_place_coordinates', class: Migration20261228090000_place_coordinates },
  { name: 'Migration20261229090000_repositories', class: Migration20261229090000_repositories },
  { name: 'Migration20261230090000_media_without_bytes', class: Migration20261230090000_media_without_bytes },
  { name: 'Migration20261231090000_gedcom_kept', class: Migration20261231090000_gedcom_kept },
  { name: 'Migration20270101090000_purge_stamp', class: Migration20270101090000_purge_stamp },
  { name: 'Migration20270104090000_event_cause', class: Migration20270104090000_event_cause },
  { name: 'Migration20270105090000_citation_fields', class: Migration20270105090000_citation_fields },
  { name: 'Migration20270110090000_session_changes', class: Migration20270110090000_session_changes },
  { name: 'Migration20270115090000_commit_ordered_stamp', class: Migration20270115090000_commit_ordered_stamp },
  { name: 'Migration20270116090000_person_cards', class: Migration20270116090000_person_cards },
  { name: 'Migration20270117090000_person_profile', class: Migration20270117090000_person_profile },
  { name: 'Migration20270118090000_card_facts', class: Migration20270118090000_card_facts },
  { name: 'Migration20270119090000_person_pages', class: Migration20270119090000_person_pages },
  { name: 'Migration20270120090000_name_words_by_tree', class: Migration20270120090000_name_words_by_tree },
  { name: 'Migration20270121090000_trigger_plans', class: Migration20270121090000_trigger_plans },
  { name: 'Migration20270122090000_lean_creations', class: Migration20270122090000_lean_creations },
  { name: 'Migration20270123090000_inner_apostrophes', class: Migration20270123090000_inner_apostrophes },
  { name: 'Migration20270124090000_partnership_events_index', class: Migration20270124090000_partnership_events_index },
  { name: 'Migration20270125090000_name_search_pairs', class: Migration20270125090000_name_search_pairs },
  { name: 'Migration20270126090000_person_cards_by_tree', class: Migration20270126090000_person_cards_by_tree },
  { name: 'Migration20270127090000_history_insert_one_scan', class: Migration20270127090000_history_insert_one_scan },
  { name: 'Migration20270128090000_persons_merged_into_index', class: Migration20270128090000_persons_merged_into_index },
  { name: 'Migration20270129090000_name_search_lookups', class: Migration20270129090000_name_search_lookups },
];
