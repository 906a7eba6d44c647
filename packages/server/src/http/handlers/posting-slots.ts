/**
 * Posting schedules of accounts and profiles: read, replace, and the next free slots.
 */
import { EVERGREEN_MIN_DAYS_BETWEEN_DEFAULT } from '@reelay/core';
import { isoTime } from '../../clock';
import type { AppliedSchedule, FreeSlots, PostingSlotsService } from '../../services/posting-slots';
import { projectOf, type RouteHandlers } from '../route-handler';

function presentSchedule({ source, schedule }: AppliedSchedule) {
  return {
    timezone: schedule?.timezone ?? null,
    slots: (schedule?.slots ?? []).map((slot) => ({ day: slot.day, time: slot.time })),
    source,
    evergreen: schedule?.evergreen ?? {
      enabled: false,
      minDaysBetween: EVERGREEN_MIN_DAYS_BETWEEN_DEFAULT,
    },
    updatedAt: schedule ? isoTime(schedule.updatedAt) : null,
  };
}

function presentFreeSlots({ applied, slots }: FreeSlots) {
  return {
    success: true as const,
    timezone: applied.schedule?.timezone ?? null,
    source: applied.source,
    slots: slots.map((slot) => ({ at: isoTime(slot.at), local: slot.local, day: slot.day })),
  };
}

export function postingSlotHandlers(slots: PostingSlotsService): RouteHandlers {
  const answer = (applied: AppliedSchedule) => ({
    status: 200 as const,
    body: { success: true as const, schedule: presentSchedule(applied) },
  });
  return {
    getIntegrationSlots: async ({ params }, context) =>
      answer(await slots.accountSchedule(projectOf(context), params.id)),
    replaceIntegrationSlots: async ({ params, body }, context) =>
      answer(await slots.replaceAccountSchedule(projectOf(context), params.id, body!)),
    listIntegrationFreeSlots: async ({ params, query }, context) => ({
      status: 200,
      body: presentFreeSlots(
        await slots.accountFreeSlots(projectOf(context), params.id, query.count),
      ),
    }),
    suggestIntegrationSlots: async ({ params, query }, context) => {
      const suggested = await slots.accountSuggestions(
        projectOf(context),
        params.id,
        query.timezone,
      );
      return {
        status: 200,
        body: {
          success: true,
          timezone: suggested.timezone,
          source: suggested.source,
          suggestions: suggested.suggestions.map((item) => ({ ...item })),
        },
      };
    },
    getProfileSlots: async ({ params }, context) =>
      answer(await slots.profileSchedule(projectOf(context), params.id)),
    replaceProfileSlots: async ({ params, body }, context) =>
      answer(await slots.replaceProfileSchedule(projectOf(context), params.id, body!)),
    listProfileFreeSlots: async ({ params, query }, context) => ({
      status: 200,
      body: presentFreeSlots(
        await slots.profileFreeSlots(projectOf(context), params.id, query.count),
      ),
    }),
  };
}
