import { z } from 'zod';
import type { Channel } from './names';
import { AppInfo } from '../types/app';
import { SkillId, SkillMeta, SkillMetaPatch, SkillSummary } from '../types/skill';

export interface ChannelSpec {
  input: z.ZodType;
  output: z.ZodType;
}

/** Every request the dashboard (or any client) can make, with its input and output schema. */
export const contract = {
  'app:info': { input: z.undefined(), output: AppInfo },
  'skills:list': { input: z.undefined(), output: z.array(SkillSummary) },
  'meta:get': { input: z.object({ skillId: SkillId }).strict(), output: SkillMeta },
  'meta:update': {
    input: z.object({ skillId: SkillId, patch: SkillMetaPatch }).strict(),
    output: SkillMeta,
  },
} as const satisfies Record<Channel, ChannelSpec>;

export type Contract = typeof contract;
export type ChannelInput<C extends Channel> = z.input<Contract[C]['input']>;
/** The input as the handler sees it, after the schema's transforms (e.g. lowercased colors). */
export type ChannelParsedInput<C extends Channel> = z.output<Contract[C]['input']>;
export type ChannelOutput<C extends Channel> = z.output<Contract[C]['output']>;

/** What the core implements: one function per channel. A missing one does not compile. */
export type Handlers = {
  [C in Channel]: (input: ChannelParsedInput<C>) => Promise<ChannelOutput<C>> | ChannelOutput<C>;
};
