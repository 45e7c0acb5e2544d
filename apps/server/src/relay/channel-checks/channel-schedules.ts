/**
 * The periodic channel jobs of the master node: "test all channels" every CHANNEL_TEST_FREQUENCY
 * minutes and "update all balances" every CHANNEL_UPDATE_FREQUENCY minutes (reference §5.2, §5.5).
 */
import type { Config } from '../../config.js';
import { repeatAfter, type BackgroundJob } from '../../lib/periodic-job.js';
import type { RelayServices } from '../relay-services.js';
import { updateAllChannelBalances } from './channel-balance.js';
import { runTestAllChannels, stopChannelTests } from './channel-test-all.js';

const MINUTE_MS = 60_000;

/**
 * Starts the configured channel jobs on the master node (none on slaves or when the variables are
 * unset). `stop()` also cancels a "test all" run started from the console.
 */
export function startChannelSchedules(
  relay: RelayServices,
  config: Pick<
    Config,
    'nodeType' | 'channelTestFrequencyMinutes' | 'channelUpdateFrequencyMinutes'
  >,
  placement: { here: boolean } = { here: true },
): BackgroundJob {
  const jobs: BackgroundJob[] = [];
  // One process per node runs them: in a cluster, its first worker.
  if (config.nodeType === 'master' && placement.here) {
    if (config.channelTestFrequencyMinutes) {
      jobs.push(
        repeatAfter(
          config.channelTestFrequencyMinutes * MINUTE_MS,
          () => runTestAllChannels(relay),
          (error) => relay.onError(error, 'scheduled channel test'),
        ),
      );
    }
    if (config.channelUpdateFrequencyMinutes) {
      jobs.push(
        repeatAfter(
          config.channelUpdateFrequencyMinutes * MINUTE_MS,
          (signal) => updateAllChannelBalances(relay, signal),
          (error) => relay.onError(error, 'scheduled balance update'),
        ),
      );
    }
  }
  return {
    async stop() {
      // Stopping the schedules first (synchronously) means no new run starts; the run in
      // progress, scheduled or started from the console, is cancelled alongside.
      await Promise.all([...jobs.map((job) => job.stop()), stopChannelTests(relay)]);
    },
  };
}
