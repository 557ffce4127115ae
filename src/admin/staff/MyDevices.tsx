import { useCallback, useEffect, useState } from 'react';
import { shopDateTimeWords } from '../../lib/site/shop-time.ts';
import { api, SessionEndedError } from '../api.ts';
import { ReadStatus } from '../screens/ReadStatus.tsx';
import { notify } from '../stores.ts';
import { Button } from '../ui/controls.tsx';
import { MyPasskeys } from './MyPasskeys.tsx';
import { ScrollRegion } from '../ui/ScrollRegion.tsx';

interface Device {
  id: string;
  device: string;
  created_at: string;
  last_seen_at: string;
  current: boolean;
}

/** A person's own signed-in devices (issue 45): where they are signed in, and Sign out for each other one; their passkeys below. */
export function MyDevices() {
  const [devices, setDevices] = useState<Device[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    api
      .get<Device[]>('admin/staff/me/sessions')
      .then(setDevices)
      .catch((e: unknown) => {
        if (!(e instanceof SessionEndedError))
          setError(e instanceof Error ? e.message : 'Your devices could not be loaded.');
      });
  }, []);
  useEffect(load, [load]);

  const signOut = async (device: Device) => {
    try {
      await api.del(`admin/staff/me/sessions/${device.id}`);
      notify(`${device.device} is signed out.`);
      load();
    } catch (e) {
      if (!(e instanceof SessionEndedError)) notify(e instanceof Error ? e.message : 'That did not work.', 'negative');
    }
  };

  return (
    <>
      <section aria-labelledby="devices-title">
        <div className="adm-screen-head">
          <h1 id="devices-title">My devices</h1>
        </div>
        <p>Where you are signed in. Sign out a device you no longer use or do not recognise.</p>
        <ReadStatus error={error} loaded={devices !== null} />
        {devices ? (
          <ScrollRegion className="adm-table-wrap" label="My devices">
            <table className="adm-table" aria-label="My devices">
              <thead>
                <tr>
                  <th scope="col">Device</th>
                  <th scope="col">Signed in</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {devices.map((device) => (
                  <tr key={device.id}>
                    <th scope="row">{device.current ? `${device.device} (this device)` : device.device}</th>
                    <td>{shopDateTimeWords(device.created_at)}</td>
                    <td>{shopDateTimeWords(device.last_seen_at)}</td>
                    <td>
                      {device.current ? (
                        'Use Log out above'
                      ) : (
                        <Button
                          onPress={() => void signOut(device)}
                          aria-label={`Sign out ${device.device}, signed in ${shopDateTimeWords(device.created_at)}`}
                        >
                          Sign out
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        ) : null}
      </section>
      <MyPasskeys />
    </>
  );
}
