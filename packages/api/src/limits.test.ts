import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import contract from '../openapi/main.yaml?raw';
import { limits } from './limits';

type Schema = { properties: Record<string, { maxLength?: number }> };
const document = parse(contract) as { components: { schemas: Record<string, Schema> } };
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
  });
});
