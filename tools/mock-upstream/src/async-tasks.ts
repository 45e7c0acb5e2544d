import type { JsonRecord } from './json-shape.js';

/** How a mock task ends: it succeeds, fails, or never finishes. */
export type TaskOutcome = 'succeed' | 'fail' | 'hang';

/** One task of the fake Midjourney-proxy, Suno-API, OpenAI videos API or a video platform's. */
export interface MockTask {
  id: string;
  platform: 'mj' | 'suno' | 'video' | 'kling' | 'jimeng' | 'vidu';
  action: string;
  prompt: string;
  outcome: TaskOutcome;
  /** How many times the task was reported (list-by-condition, fetch); it advances with each. */
  polls: number;
  /** Epoch ms. */
  submitTime: number;
  /** The submission's other fields a platform answers with (a video's model, seconds, size). */
  params: Record<string, string>;
}

/** Prompt words that choose a task's outcome (default: succeed) or refuse the submission. */
export const TASK_PROMPT_CONTROLS = {
  fail: 'mock:fail',
  hang: 'mock:hang',
  refuse: 'mock:refuse',
  noAccount: 'mock:no-account',
} as const;

/** The state a task is in after `polls` reports: submitted, in progress, then its outcome. */
export function taskStage(task: MockTask): 'SUBMITTED' | 'IN_PROGRESS' | 'SUCCESS' | 'FAILURE' {
  if (task.polls <= 1) return 'SUBMITTED';
  if (task.polls === 2 || task.outcome === 'hang') return 'IN_PROGRESS';
  return task.outcome === 'fail' ? 'FAILURE' : 'SUCCESS';
}

/**
 * The tasks of one mock server. Submissions get sequential ids; each report of a task advances it
 * one step (SUBMITTED → IN_PROGRESS → SUCCESS or FAILURE; `hang` stays IN_PROGRESS), so a test
 * drives a task to its end by polling a known number of times. `setOutcome` changes the end of a
 * task already submitted.
 */
export class MockTaskStore {
  readonly tasks = new Map<string, MockTask>();
  private counter = 0;

  create(
    platform: MockTask['platform'],
    action: string,
    prompt: string,
    params: Record<string, string> = {},
  ): MockTask {
    this.counter += 1;
    const prefix = {
      mj: '17',
      suno: 'suno-',
      video: 'video_mock',
      kling: 'kling_mock',
      jimeng: '73900',
      vidu: '88100',
    }[platform];
    const id = `${prefix}${String(this.counter).padStart(6, '0')}`;
    const outcome: TaskOutcome = prompt.includes(TASK_PROMPT_CONTROLS.fail)
      ? 'fail'
      : prompt.includes(TASK_PROMPT_CONTROLS.hang)
        ? 'hang'
        : 'succeed';
    const submitTime = Date.now();
    const task = { id, platform, action, prompt, outcome, polls: 0, submitTime, params };
    this.tasks.set(id, task);
    return task;
  }

  /** Reports a task, advancing it one step. */
  report(id: string): MockTask | undefined {
    const task = this.tasks.get(id);
    if (task) task.polls += 1;
    return task;
  }

  setOutcome(id: string, outcome: TaskOutcome): void {
    const task = this.tasks.get(id);
    if (task) task.outcome = outcome;
  }

  reset(): void {
    this.tasks.clear();
    this.counter = 0;
  }
}

/** A Midjourney-proxy task DTO at its current stage; images are served by the mock. */
export function midjourneyTaskDto(task: MockTask, baseUrl: string): JsonRecord {
  const stage = taskStage(task);
  const progress = { SUBMITTED: '0%', IN_PROGRESS: '50%', SUCCESS: '100%', FAILURE: '' }[stage];
  const done = stage === 'SUCCESS' || stage === 'FAILURE';
  return {
    id: task.id,
    action: task.action,
    prompt: task.prompt,
    promptEn: `${task.prompt} (en)`,
    description: '',
    state: '',
    submitTime: task.submitTime,
    startTime: task.polls >= 2 ? task.submitTime + 1000 : 0,
    finishTime: done ? task.submitTime + 2000 : 0,
    imageUrl:
      stage === 'IN_PROGRESS' || stage === 'SUCCESS' ? `${baseUrl}/mj-files/${task.id}.png` : '',
    status: stage,
    progress,
    failReason: stage === 'FAILURE' ? 'mock upstream failure' : '',
    buttons:
      stage === 'SUCCESS'
        ? [1, 2, 3, 4].map((index) => ({
            customId: `MJ::JOB::upsample::${index}::${task.id}`,
            label: `U${index}`,
            type: 2,
            style: 2,
            emoji: '',
          }))
        : [],
    properties: {},
  };
}

/** A Suno-API task at its current stage (times in seconds). */
export function sunoTaskDto(task: MockTask, baseUrl: string): JsonRecord {
  const stage = taskStage(task);
  const seconds = Math.floor(task.submitTime / 1000);
  return {
    task_id: task.id,
    action: task.action,
    status: stage,
    fail_reason: stage === 'FAILURE' ? 'mock upstream failure' : '',
    submit_time: seconds,
    start_time: task.polls >= 2 ? seconds + 1 : 0,
    finish_time: stage === 'SUCCESS' || stage === 'FAILURE' ? seconds + 2 : 0,
    data:
      stage === 'SUCCESS'
        ? [
            {
              id: `${task.id}-clip`,
              audio_url: `${baseUrl}/mj-files/${task.id}.png`,
              title: task.prompt,
            },
          ]
        : [],
  };
}
