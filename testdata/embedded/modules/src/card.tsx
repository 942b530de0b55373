/** @jsx h */
import { h } from './view.jsx';

type CardProps = { title: string };

export const Card = ({ title }: CardProps) => <div>{title}</div>;
