import pg from 'pg';
describe('nfc cost', function () {
  this.timeout(600000);
  it('measures', async () => {
    const c = new pg.Client({ connectionString: process.env['TEST_PG_ADMIN_URL'] });
    await c.connect();
    const q = async (label, expr) => {
      const ts = [];
      for (let i = 0; i < 5; i++) {
        const t = Date.now();
        await c.query(`select count(*) from (select ${expr} as x from (select 'anna maria ' || i || ' smith' as s from generate_series(1, 1000000) i) g) y where x <> ''`);
        ts.push(Date.now() - t);
      }
      console.log(label, ts.join(' '));
    };
    for (let r = 0; r < 2; r++) {
      await q('lower      ', `lower(left(s, 500))`);
      await q('normalize  ', `normalize(lower(left(s, 500)), NFC)`);
      await q('quickcheck ', `case when lower(left(s, 500)) is nfc normalized then lower(left(s, 500)) else normalize(lower(left(s, 500)), NFC) end`);
    }
    await c.end();
  });
});
