import { double } from '../src/a.js';
import { strictEqual } from 'assert';

strictEqual(double(2), 4);
