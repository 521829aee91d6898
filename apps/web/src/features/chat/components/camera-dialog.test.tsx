// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { renderWithProviders } from '@/test/render';
import { CameraDialog } from './camera-dialog';

afterEach(() => vi.unstubAllGlobals());

describe('CameraDialog', () => {
  it("says 'Loading camera...' while the camera starts", async () => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: () => new Promise(() => {}) } });
    renderWithProviders(<CameraDialog open onOpenChange={() => {}} onCapture={() => {}} />);
    expect(await screen.findByRole('dialog', { name: 'Take Photo' })).toBeInTheDocument();
    expect(screen.getByText('Loading camera...')).toBeInTheDocument();
  });

  it("says 'Camera access denied' when the browser refuses, and captures nothing", async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });
    const onCapture = vi.fn();
    renderWithProviders(
      <>
        <CameraDialog open onOpenChange={() => {}} onCapture={onCapture} />
        <Toaster />
      </>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Camera access denied');
    expect(screen.getByRole('button', { name: 'Capture Photo' })).toBeDisabled();
    expect(onCapture).not.toHaveBeenCalled();
  });
});
