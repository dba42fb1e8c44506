import { MikroORM } from '@mikro-orm/postgresql';
import { entities } from '../adapters/postgres/entities.js';
const orm = await MikroORM.init({ clientUrl: 'postgres://x@127.0.0.1:1/x', entities, connect: false });
console.log(await orm.schema.getCreateSchemaSQL({ wrap: false }));
await orm.close();
