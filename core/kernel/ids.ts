import { v7 as uuidv7, validate, version } from 'uuid';

// Identifiers are UUID v7 strings: time-ordered, so ordering by id is ordering by creation.
export type Id = string;

export const newId = (): Id => uuidv7();

export const isUuid = (value: string): boolean => validate(value) && version(value) >= 1;
