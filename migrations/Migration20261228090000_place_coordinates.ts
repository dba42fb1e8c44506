import { Migration } from '@mikro-orm/migrations';

// Coordinates on places (issue 28: GEDCOM PLAC.MAP.LATI and LONG were lost on import). Signed decimal
// degrees, north and east positive; both null or both set, each in its range. Existing places have none.

export class Migration20261228090000_place_coordinates extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "places" add column "latitude" double precision null, add column "longitude" double precision null`);
    this.addSql(`alter table "places" add constraint places_coordinates_check check (num_nonnulls(latitude, longitude) <> 1 and abs(latitude) <= 90::double precision and abs(longitude) <= 180::double precision)`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "places" drop constraint places_coordinates_check`);
    this.addSql(`alter table "places" drop column "latitude", drop column "longitude"`);
  }
}
