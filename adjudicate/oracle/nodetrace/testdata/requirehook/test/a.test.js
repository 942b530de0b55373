import { double } from '../src/a.js';
import { quadruple } from './helper.js';
import { strictEqual } from 'assert';

strictEqual(double(2), 4);
strictEqual(quadruple(1), 4);
