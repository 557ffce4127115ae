import { useEffect, useId, useRef, useState } from 'react';
import { Label, ProgressBar } from 'react-aria-components';
import { ARTWORK_ACCEPT, type ArtworkCheckResult, MAX_ARTWORK_MB } from '../../lib/artwork/artwork-schema.ts';
import {
  fetchArtworkThumbnail,
  isCanceled,
  storedOwnerToken,
  type UploadProgress,
  uploadArtwork,
} from '../../lib/browser/artwork-upload.ts';
import { describeArtwork } from '../../lib/artwork/artwork-words.ts';
import { Button } from '../ui/Button.tsx';
import styles from './ArtworkUpload.module.css';

export interface ArtworkUploadProps {
  /** The field's label, e.g. "Artwork for the front". */
  label?: string;
  /** How wide this print will be, for the DPI advice; the words follow when it changes. */
  printWidthInches?: number | null;
  /** A checked file (its artworkId goes in the cart line), or null when removed or refused. */
  onChange?: (result: ArtworkCheckResult | null) => void;
}

const STAGE_TEXT: Record<UploadProgress['stage'], string> = {
  preparing: 'Preparing the upload…',
  uploading: 'Uploading…',
  checking: 'Checking your file…',
};

/**
 * One artwork file: choose it, watch it upload (with Cancel), read what the shop found in
 * plain words, see its thumbnail. Progress and results are announced politely, errors at once.
 * Self-contained and the default export, so a page can load it with React.lazy when a person
 * reaches for it.
 */
export default function ArtworkUpload({
  label = 'Your artwork',
  printWidthInches = null,
  onChange,
}: ArtworkUploadProps) {
  const inputId = useId();
  const hintId = useId();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [result, setResult] = useState<ArtworkCheckResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [thumbnail, setThumbnail] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => () => void (thumbnail && URL.revokeObjectURL(thumbnail)), [thumbnail]);

  async function start(file: File) {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setError(null);
    setResult(null);
    setThumbnail(null);
    onChange?.(null);
    setStatus(`Uploading ${file.name}.`);
    try {
      const checked = await uploadArtwork({
        file,
        ownerToken: storedOwnerToken(),
        printWidthInches,
        signal: abort.signal,
        onProgress: setProgress,
      });
      setResult(checked);
      setStatus(`${file.name} is uploaded and checked.`);
      onChange?.(checked);
      const owner = storedOwnerToken();
      if (owner) {
        setThumbnail(
          await fetchArtworkThumbnail(checked.thumbnailPath, owner, { signal: abort.signal }).catch(() => null),
        );
      }
    } catch (failure) {
      if (isCanceled(failure)) setStatus('Upload canceled.');
      else setError(failure instanceof Error ? failure.message : 'The upload failed. Please try again.');
      if (input.current) input.current.value = '';
    } finally {
      if (controller.current === abort) controller.current = null;
      setProgress(null);
    }
  }

  const words = result ? describeArtwork(result, printWidthInches) : null;
  return (
    <div className={styles.upload}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={ARTWORK_ACCEPT}
        aria-describedby={hintId}
        disabled={progress !== null}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) void start(file);
        }}
      />
      <p id={hintId} className={styles.hint}>
        PNG, JPEG, PDF or SVG, up to {MAX_ARTWORK_MB} MB.
      </p>
      {progress && (
        <div className={styles.progress}>
          <ProgressBar value={Math.round(progress.fraction * 100)} isIndeterminate={progress.stage !== 'uploading'}>
            {({ percentage }) => (
              <>
                <Label>{STAGE_TEXT[progress.stage]}</Label>
                <span className={styles.percent}>
                  {progress.stage === 'uploading' ? `${Math.round(percentage ?? 0)}%` : ''}
                </span>
                <div className={styles.track}>
                  <div
                    className={styles.fill}
                    style={{ width: `${progress.stage === 'uploading' ? (percentage ?? 0) : 100}%` }}
                  />
                </div>
              </>
            )}
          </ProgressBar>
          <Button variant="secondary" onPress={() => controller.current?.abort()}>
            Cancel upload
          </Button>
        </div>
      )}
      <p role="status" className="visually-hidden">
        {status}
      </p>
      <div role="alert" className={styles.error}>
        {error}
      </div>
      {result && words && (
        <section className={styles.result} aria-label={`What we found in ${result.fileName}`}>
          {thumbnail && <img src={thumbnail} alt={`Preview of ${result.fileName}`} className={styles.thumbnail} />}
          <div>
            <ul className={styles.notes}>
              {words.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
            {words.warnings.length > 0 && (
              <ul className={styles.warnings} aria-label="Please look at these">
                {words.warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
