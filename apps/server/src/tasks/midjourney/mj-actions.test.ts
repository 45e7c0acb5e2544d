import { describe, expect, it } from 'vitest';
import { actionOfCustomId, modelOfAction, parseSimpleChange } from './mj-actions.js';

describe('Midjourney actions', () => {
  it('reads simple-change content', () => {
    expect(parseSimpleChange('1712 U2')).toEqual({ action: 'UPSCALE', index: 2, taskId: '1712' });
    expect(parseSimpleChange('1712 v4')).toEqual({ action: 'VARIATION', index: 4, taskId: '1712' });
    expect(parseSimpleChange('1712 R')).toEqual({ action: 'REROLL', taskId: '1712' });
    expect(parseSimpleChange('1712 U5')).toHaveProperty('error');
  });

  it('reads MJ-Plus custom ids', () => {
    expect(actionOfCustomId('MJ::JOB::upsample::3::abc')).toEqual({ action: 'UPSCALE', index: 3 });
    expect(actionOfCustomId('MJ::JOB::pan_left::1::abc')).toMatchObject({ action: 'PAN' });
    expect(actionOfCustomId('MJ::Inpaint::1::abc::SOLO')).toEqual({ action: 'INPAINT', index: 1 });
    expect(actionOfCustomId('MJ::CustomZoom::abc')).toMatchObject({ action: 'CUSTOM_ZOOM' });
    expect(actionOfCustomId('MJ::JOB::dance::1::x')).toEqual({
      error: { code: 4, description: 'unknown_action:MJ::JOB::dance::1::x' },
    });
  });

  it('names models', () => {
    expect(modelOfAction('IMAGINE')).toBe('mj_imagine');
    expect(modelOfAction('SWAP_FACE')).toBe('swap_face');
  });
});
