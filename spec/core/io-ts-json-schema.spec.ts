import { expect } from 'chai';
import * as t from 'io-ts';
import {
  acceptsUndefined,
  named,
  objectProperties,
  toJsonSchema,
  withSchema,
  type JsonSchema,
} from '../../adapters/http/openapi/json-schema.js';

describe('io-ts -> JSON Schema', () => {
  describe('primitives', () => {
    it('maps string, number, boolean, null and unknown', () => {
      expect(toJsonSchema(t.string)).to.deep.equal({ type: 'string' });
      expect(toJsonSchema(t.number)).to.deep.equal({ type: 'number' });
      expect(toJsonSchema(t.boolean)).to.deep.equal({ type: 'boolean' });
      expect(toJsonSchema(t.null)).to.deep.equal({ type: 'null' });
      expect(toJsonSchema(t.unknown)).to.deep.equal({});
    });

    it('maps t.Int to integer', () => {
      expect(toJsonSchema(t.Int)).to.deep.equal({ type: 'integer' });
    });

    it('maps a literal to const and a keyof to enum', () => {
      expect(toJsonSchema(t.literal('birth'))).to.deep.equal({ type: 'string', const: 'birth' });
      expect(toJsonSchema(t.literal(3))).to.deep.equal({ type: 'integer', const: 3 });
      expect(toJsonSchema(t.keyof({ owner: null, editor: null }))).to.deep.equal({ type: 'string', enum: ['owner', 'editor'] });
    });
  });

  describe('unions', () => {
    it('turns a union of literals into one enum', () => {
      const s = toJsonSchema(t.union([t.literal('a'), t.literal('b'), t.keyof({ c: null })]));
      expect(s).to.deep.equal({ type: 'string', enum: ['a', 'b', 'c'] });
    });

    it('adds null to a literal enum', () => {
      const s = toJsonSchema(t.union([t.literal('male'), t.literal('female'), t.null]));
      expect(s).to.deep.equal({ type: ['string', 'null'], enum: ['male', 'female', null] });
    });

    it('widens T | null to a type array', () => {
      expect(toJsonSchema(t.union([t.string, t.null]))).to.deep.equal({ type: ['string', 'null'] });
      expect(toJsonSchema(t.union([withSchema(t.string, { format: 'uuid' }), t.null]))).to.deep.equal({
        type: ['string', 'null'],
        format: 'uuid',
      });
    });

    it('uses anyOf with null around a $ref', () => {
      const components: Record<string, JsonSchema> = {};
      const Place = named('Place', t.type({ name: t.string }));
      expect(toJsonSchema(t.union([Place, t.null]), { components })).to.deep.equal({
        anyOf: [{ $ref: '#/components/schemas/Place' }, { type: 'null' }],
      });
    });

    it('uses anyOf for unions of objects and drops undefined members', () => {
      const s = toJsonSchema(t.union([t.type({ a: t.string }), t.type({ b: t.number }), t.undefined]));
      expect(s).to.deep.equal({
        anyOf: [
          { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
          { type: 'object', properties: { b: { type: 'number' } }, required: ['b'] },
        ],
      });
    });

    it('collapses X | undefined to X', () => {
      expect(toJsonSchema(t.union([t.string, t.undefined]))).to.deep.equal({ type: 'string' });
    });
  });

  describe('objects', () => {
    it('marks type properties required unless they accept undefined', () => {
      const s = toJsonSchema(t.type({ id: t.string, notes: t.union([t.string, t.undefined]), gone: t.undefined }));
      expect(s).to.deep.equal({
        type: 'object',
        properties: { id: { type: 'string' }, notes: { type: 'string' } },
        required: ['id'],
      });
    });

    it('requires nothing of a partial', () => {
      const s = toJsonSchema(t.partial({ page: t.string, confidence: t.Int }));
      expect(s).to.deep.equal({ type: 'object', properties: { page: { type: 'string' }, confidence: { type: 'integer' } } });
    });

    it('closes exact and strict objects', () => {
      const expected = { type: 'object', properties: { email: { type: 'string' } }, required: ['email'], additionalProperties: false };
      expect(toJsonSchema(t.exact(t.type({ email: t.string })))).to.deep.equal(expected);
      expect(toJsonSchema(t.strict({ email: t.string }))).to.deep.equal(expected);
      expect(toJsonSchema(t.type({ email: t.string }))).not.to.have.property('additionalProperties');
    });

    it('merges an intersection of objects', () => {
      const codec = t.exact(t.intersection([t.type({ source_id: t.string }), t.partial({ page: t.string })]));
      expect(toJsonSchema(codec)).to.deep.equal({
        type: 'object',
        properties: { source_id: { type: 'string' }, page: { type: 'string' } },
        required: ['source_id'],
        additionalProperties: false,
      });
    });

    it('falls back to allOf when an intersection member is not a plain object', () => {
      const components: Record<string, JsonSchema> = {};
      const Base = named('Base', t.type({ id: t.string }));
      const s = toJsonSchema(t.intersection([Base, t.type({ role: t.string })]), { components });
      expect(s).to.deep.equal({
        allOf: [{ $ref: '#/components/schemas/Base' }, { type: 'object', properties: { role: { type: 'string' } }, required: ['role'] }],
      });
    });

    it('maps a string record to additionalProperties and a keyed record to propertyNames', () => {
      expect(toJsonSchema(t.record(t.string, t.number))).to.deep.equal({ type: 'object', additionalProperties: { type: 'number' } });
      expect(toJsonSchema(t.record(t.keyof({ merge: null, skip: null }), t.boolean))).to.deep.equal({
        type: 'object',
        additionalProperties: { type: 'boolean' },
        propertyNames: { type: 'string', enum: ['merge', 'skip'] },
      });
    });
  });

  describe('arrays and wrappers', () => {
    it('maps arrays, readonly arrays and readonly', () => {
      expect(toJsonSchema(t.array(t.string))).to.deep.equal({ type: 'array', items: { type: 'string' } });
      expect(toJsonSchema(t.readonlyArray(t.number))).to.deep.equal({ type: 'array', items: { type: 'number' } });
      expect(toJsonSchema(t.readonly(t.type({ a: t.string })))).to.deep.equal({
        type: 'object',
        properties: { a: { type: 'string' } },
        required: ['a'],
      });
    });

    it('uses the base schema of refinements and brands', () => {
      interface SlugBrand { readonly Slug: unique symbol }
      const Slug = t.brand(t.string, (s): s is t.Branded<string, SlugBrand> => /^[a-z]+$/.test(s), 'Slug');
      expect(toJsonSchema(Slug)).to.deep.equal({ type: 'string' });
      expect(toJsonSchema(t.refinement(t.number, (n) => n > 0))).to.deep.equal({ type: 'number' });
    });
  });

  describe('withSchema', () => {
    it('adds keywords without marking the shared codec', () => {
      const Uuid = withSchema(t.string, { format: 'uuid' });
      expect(toJsonSchema(Uuid)).to.deep.equal({ type: 'string', format: 'uuid' });
      expect(toJsonSchema(t.string)).to.deep.equal({ type: 'string' });
      expect(Uuid.decode('x')._tag).to.equal('Right');
      expect(Uuid.is(1)).to.equal(false);
    });

    it('keeps the integer type of t.Int and stacks hints', () => {
      const Confidence = withSchema(withSchema(t.Int, { minimum: 0 }), { maximum: 3 });
      expect(toJsonSchema(Confidence)).to.deep.equal({ type: 'integer', minimum: 0, maximum: 3 });
    });

    it('applies hints to a refinement of a hinted codec', () => {
      const Email = withSchema(t.string, { format: 'email', maxLength: 254 });
      const Checked = t.refinement(Email, (s) => s.includes('@'), 'Email');
      expect(toJsonSchema(Checked)).to.deep.equal({ type: 'string', format: 'email', maxLength: 254 });
    });

    it('describes a custom t.Type only through its hints', () => {
      const NumberFromString = new t.Type<number, string, unknown>(
        'NumberFromString',
        (u): u is number => typeof u === 'number',
        (u, c) => (typeof u === 'string' && u.trim() !== '' && !Number.isNaN(Number(u)) ? t.success(Number(u)) : t.failure(u, c)),
        String,
      );
      expect(toJsonSchema(NumberFromString)).to.deep.equal({});
      const Limit = withSchema(NumberFromString, { type: 'integer', minimum: 1, maximum: 1000 });
      expect(toJsonSchema(Limit)).to.deep.equal({ type: 'integer', minimum: 1, maximum: 1000 });
      expect(Limit.decode('12')).to.deep.equal({ _tag: 'Right', right: 12 });
      expect(Limit.decode('0')._tag, 'minimum is enforced on the decoded number').to.equal('Left');
      expect(Limit.decode('1001')._tag, 'maximum is enforced on the decoded number').to.equal('Left');
    });
  });

  describe('withSchema bounds are enforced by decode', () => {
    const messages = (v: t.Validation<unknown>): (string | undefined)[] => (v._tag === 'Left' ? v.left.map((e) => e.message) : []);

    it('refuses a string longer than maxLength or shorter than minLength, with a message', () => {
      const Name = withSchema(t.string, { minLength: 2, maxLength: 5 });
      expect(Name.decode('abcde')).to.deep.equal({ _tag: 'Right', right: 'abcde' });
      expect(messages(Name.decode('abcdef'))).to.deep.equal(['at most 5 characters']);
      expect(messages(Name.decode('a'))).to.deep.equal(['at least 2 characters']);
      expect(Name.decode(5)._tag).to.equal('Left');
    });

    it('counts code points, as JSON Schema does, not UTF-16 units', () => {
      const Place = withSchema(t.string, { maxLength: 3 });
      expect(Place.decode('𝔸𝔸𝔸')._tag).to.equal('Right');
      expect(Place.decode('𝔸𝔸𝔸𝔸')._tag).to.equal('Left');
      expect(withSchema(t.string, { minLength: 2 }).decode('𝔸')._tag).to.equal('Left');
    });

    it('checks the length before the codec runs: an over-long text never reaches a slow check', () => {
      let calls = 0;
      const Slow = new t.Type<string, string, unknown>('Slow', (u): u is string => typeof u === 'string', (u, c) => {
        calls += 1;
        return typeof u === 'string' ? t.success(u) : t.failure(u, c);
      }, t.identity);
      const Bounded = withSchema(Slow, { type: 'string', maxLength: 10 });
      expect(Bounded.decode('x'.repeat(11))._tag).to.equal('Left');
      expect(calls).to.equal(0);
      expect(Bounded.decode('x')._tag).to.equal('Right');
      expect(calls).to.equal(1);
    });

    it('enforces minimum/maximum of numbers and maxItems of arrays', () => {
      const Month = withSchema(t.Int, { minimum: 1, maximum: 13 });
      expect(Month.decode(13)._tag).to.equal('Right');
      expect(messages(Month.decode(14))).to.deep.equal(['at most 13']);
      expect(messages(Month.decode(0))).to.deep.equal(['at least 1']);
      const Few = withSchema(t.array(t.string), { maxItems: 2 });
      expect(Few.decode(['a', 'b'])._tag).to.equal('Right');
      expect(messages(Few.decode(['a', 'b', 'c']))).to.deep.equal(['at most 2 items']);
    });

    it('keeps enforcing through named(), unions and objects, and names the field', () => {
      const Body = named('Body', t.type({ place: t.union([withSchema(t.string, { maxLength: 3 }), t.null]) }));
      const v = Body.decode({ place: 'abcd' });
      expect(v._tag).to.equal('Left');
      const keys = v._tag === 'Left' ? v.left.map((e) => e.context.map((c) => c.key).filter((k) => k !== '' && !/^\d+$/.test(k)).join('.')) : [];
      expect(keys).to.include('place');
      expect(messages(v)).to.include('at most 3 characters');
    });

    it('stacks bounds: both the inner and the outer hold', () => {
      const Both = withSchema(withSchema(t.string, { maxLength: 5 }), { minLength: 2 });
      expect(Both.decode('abcdef')._tag).to.equal('Left');
      expect(Both.decode('a')._tag).to.equal('Left');
      expect(Both.decode('abc')._tag).to.equal('Right');
    });

    it('leaves `is` and the shared codec alone', () => {
      const Short = withSchema(t.string, { maxLength: 1 });
      expect(Short.is('long')).to.equal(true);
      expect(t.string.decode('long')._tag).to.equal('Right');
    });
  });

  describe('named', () => {
    const Name = named('Name', t.type({ given_name: t.string }));

    it('inlines without a components registry', () => {
      expect(toJsonSchema(t.array(Name))).to.deep.equal({
        type: 'array',
        items: { type: 'object', properties: { given_name: { type: 'string' } }, required: ['given_name'] },
      });
      expect(Name.name).to.equal('Name');
    });

    it('emits one component referenced from every use', () => {
      const components: Record<string, JsonSchema> = {};
      const s = toJsonSchema(t.type({ primary: Name, others: t.array(Name) }), { components });
      expect(s).to.deep.equal({
        type: 'object',
        properties: { primary: { $ref: '#/components/schemas/Name' }, others: { type: 'array', items: { $ref: '#/components/schemas/Name' } } },
        required: ['primary', 'others'],
      });
      expect(components).to.deep.equal({
        Name: { type: 'object', properties: { given_name: { type: 'string' } }, required: ['given_name'] },
      });
      expect(toJsonSchema(Name, { components })).to.deep.equal({ $ref: '#/components/schemas/Name' });
      expect(Object.keys(components)).to.deep.equal(['Name']);
    });

    it('numbers a different codec that reuses a name', () => {
      const components: Record<string, JsonSchema> = {};
      const Other = named('Name', t.type({ x: t.number }));
      toJsonSchema(Name, { components });
      expect(toJsonSchema(Other, { components })).to.deep.equal({ $ref: '#/components/schemas/Name2' });
      expect(toJsonSchema(Name, { components })).to.deep.equal({ $ref: '#/components/schemas/Name' });
      expect(Object.keys(components)).to.deep.equal(['Name', 'Name2']);
    });

    it('puts hints of a named codec in its component', () => {
      const components: Record<string, JsonSchema> = {};
      const Uuid = named('Uuid', withSchema(t.string, { format: 'uuid' }));
      expect(toJsonSchema(Uuid, { components })).to.deep.equal({ $ref: '#/components/schemas/Uuid' });
      expect(components.Uuid).to.deep.equal({ type: 'string', format: 'uuid' });
    });
  });

  describe('recursive codecs', () => {
    type Node = { label: string; children: Node[] };
    const NodeC: t.Type<Node> = t.recursion('Node', (self) => t.type({ label: t.string, children: t.array(self) }));

    it('references itself through components', () => {
      const components: Record<string, JsonSchema> = {};
      expect(toJsonSchema(NodeC, { components })).to.deep.equal({ $ref: '#/components/schemas/Node' });
      expect(components.Node).to.deep.equal({
        type: 'object',
        properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
        required: ['label', 'children'],
      });
    });

    it('terminates when inlined', () => {
      const s = toJsonSchema(NodeC);
      expect(s).to.deep.equal({
        type: 'object',
        properties: { label: { type: 'string' }, children: { type: 'array', items: {} } },
        required: ['label', 'children'],
      });
    });
  });

  describe('helpers', () => {
    it('tells which codecs accept undefined', () => {
      expect(acceptsUndefined(t.string)).to.equal(false);
      expect(acceptsUndefined(t.union([t.string, t.undefined]))).to.equal(true);
      expect(acceptsUndefined(t.partial({ a: t.string }))).to.equal(false);
      expect(acceptsUndefined(t.unknown)).to.equal(true);
    });

    it('lists the properties of object-like codecs', () => {
      const codec = t.intersection([t.type({ born_on_or_before: t.string }), t.partial({ limit: t.string })]);
      expect(objectProperties(codec)).to.deep.equal([
        { name: 'born_on_or_before', schema: { type: 'string' }, required: true },
        { name: 'limit', schema: { type: 'string' }, required: false },
      ]);
      expect(objectProperties(t.string)).to.deep.equal([]);
    });

    it('lists properties of a named codec inline', () => {
      const Params = named('TreeParams', t.type({ id: withSchema(t.string, { format: 'uuid' }) }));
      expect(objectProperties(Params)).to.deep.equal([{ name: 'id', schema: { type: 'string', format: 'uuid' }, required: true }]);
    });
  });
});
