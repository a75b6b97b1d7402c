import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import contract from '../openapi/main.yaml?raw';
import { limits } from './limits';

type Schema = { properties: Record<string, { maxLength?: number }> };
type Parameter = { name: string; schema?: { maxLength?: number } };
const document = parse(contract) as {
  components: { schemas: Record<string, Schema> };
  paths: Record<string, { get?: { parameters?: Parameter[] } }>;
};
const filterMaxLength = (path: string, name: string) =>
  document.paths[path]?.get?.parameters?.find((parameter) => parameter.name === name)?.schema
    ?.maxLength;
const maxLength = (schema: string, property: string) =>
  document.components.schemas[schema]?.properties[property]?.maxLength;

describe('form limits', () => {
  it('are the contract’s, for creation and update alike', () => {
    expect(maxLength('NewsInput', 'title')).toBe(limits.newsTitle);
    expect(maxLength('NewsPatch', 'title')).toBe(limits.newsTitle);
    expect(maxLength('NotificationInput', 'title')).toBe(limits.notificationTitle);
    expect(maxLength('NotificationInput', 'description')).toBe(limits.notificationDescription);
    expect(maxLength('AgentRequestInput', 'title')).toBe(limits.agentRequestTitle);
    expect(maxLength('AgentRequestInput', 'content')).toBe(limits.agentRequestContent);
    expect(maxLength('EmailChange', 'email')).toBe(limits.email);
    for (const schema of ['ReminderInput', 'ReminderPatch']) {
      expect(maxLength(schema, 'title')).toBe(limits.reminderTitle);
      expect(maxLength(schema, 'content')).toBe(limits.reminderContent);
      expect(maxLength(schema, 'prospect')).toBe(limits.reminderProspect);
    }
    expect(maxLength('ReminderDuplicate', 'title')).toBe(limits.reminderTitle);
  });

  it('are the contract’s for the lists’ text filters', () => {
    expect(filterMaxLength('/clients/clients', 'lastName')).toBe(limits.textFilter);
    expect(filterMaxLength('/clients/clients', 'firstName')).toBe(limits.textFilter);
    expect(filterMaxLength('/clients/clients', 'zipCode')).toBe(limits.zipCodeFilter);
    expect(filterMaxLength('/users', 'lastName')).toBe(limits.textFilter);
    expect(filterMaxLength('/ventes_orions', 'typeProduitsFin.productName')).toBe(
      limits.textFilter,
    );
    expect(filterMaxLength('/ventes_valoriciels', 'type')).toBe(limits.saleTypeFilter);
    expect(filterMaxLength('/media_objects/search', 'q')).toBe(limits.librarySearch);
    for (const path of ['/reminder_list/user', '/reminders']) {
      expect(filterMaxLength(path, 'title')).toBe(limits.reminderTitleFilter);
      expect(filterMaxLength(path, 'firstName')).toBe(limits.textFilter);
      expect(filterMaxLength(path, 'lastName')).toBe(limits.textFilter);
    }
    expect(filterMaxLength('/news', 'title')).toBe(limits.newsFilter);
    expect(filterMaxLength('/news', 'terms')).toBe(limits.newsFilter);
    expect(filterMaxLength('/image_banks', 'title')).toBe(limits.pictureTitleFilter);
  });
});
